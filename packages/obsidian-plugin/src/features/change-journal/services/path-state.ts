/**
 * What a path holds now, in the journal's terms: a revision (the same one tools report: of the
 * text for text files, of the bytes otherwise), `folder` or `absent`; and before-images, the
 * bytes of a file kept in the image store (binary files only up to the size limit).
 */
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { revisionOf } from '@mcp-connector/shared';
import { fileKind } from '../../../host/file-kinds.ts';
import { ABSENT, FOLDER, type Image, type PathState } from './change-record.ts';
import { blobName } from './image-store.ts';

export interface Capture {
  image: Image;
  /** The text, for text files. */
  text: string | null;
  /** The bytes the image names, to store once an intent needs them (null: none kept). */
  bytes: Uint8Array | null;
}

export function isTextFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return fileKind(dot <= 0 ? '' : name.slice(dot + 1)).kind === 'text';
}

export async function stateOf(host: VaultHost, path: string): Promise<PathState> {
  if (host.getFile(path) !== null) {
    return isTextFile(path)
      ? revisionOf(await host.read(path))
      : revisionOf(await host.readBinary(path));
  }
  return host.getFolder(path) === null ? ABSENT : FOLDER;
}

/** The state of every path, in order. */
export async function statesOf(
  host: VaultHost,
  paths: readonly string[],
): Promise<Record<string, PathState>> {
  const states: Record<string, PathState> = {};
  for (const path of paths) states[path] = await stateOf(host, path);
  return states;
}

/**
 * Before-images taken through the guarded host. Nothing is stored here: the session stores the
 * bytes when an intent names them, so a call that fails before writing leaves no trace.
 */
export class ImageCapture {
  constructor(
    private readonly host: VaultHost,
    /** Binary files larger than this keep no bytes. */
    private readonly maxBinaryBytes: () => number,
  ) {}

  async file(file: VaultFile): Promise<Capture> {
    const bytes = await this.host.readBinary(file.path);
    const text = isTextFile(file.path) ? await this.host.read(file.path) : null;
    const keep = text !== null || bytes.byteLength <= this.maxBinaryBytes();
    return {
      image: {
        kind: 'file',
        revision: revisionOf(text ?? bytes),
        size: bytes.byteLength,
        blob: keep ? blobName(bytes) : null,
      },
      text,
      bytes: keep ? bytes : null,
    };
  }
}
