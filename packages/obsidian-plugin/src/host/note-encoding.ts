/**
 * Notes are UTF-8. A note whose bytes are not valid UTF-8 can still be read (invalid bytes show
 * as U+FFFD), but rewriting it from that text would destroy the bytes, so every edit decodes the
 * note strictly first and refuses with `unsupported_encoding`. Both hosts use this.
 */
import { ToolError } from '@mcp-connector/shared';

const BOM = [0xef, 0xbb, 0xbf];
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export interface DecodedNote {
  /** The text without its byte-order mark. */
  text: string;
  /** Whether the bytes began with a UTF-8 byte-order mark (it is written back on edit). */
  bom: boolean;
}

/** The note's text for editing; `unsupported_encoding` when the bytes are not UTF-8. */
export function decodeForEdit(bytes: Uint8Array, path: string): DecodedNote {
  const bom = BOM.every((byte, index) => bytes[index] === byte);
  try {
    return { text: strict.decode(bom ? bytes.subarray(3) : bytes), bom };
  } catch {
    throw new ToolError(
      'unsupported_encoding',
      `${path} is not UTF-8 text, so it is not edited (its bytes would be lost). Convert it to UTF-8 in an editor first; reading it still works.`,
      { path },
    );
  }
}
