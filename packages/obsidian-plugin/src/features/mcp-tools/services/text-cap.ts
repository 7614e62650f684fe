/**
 * Text results are capped (default 100 KB of UTF-8) so one call never floods a client's
 * context. A capped text ends at a line boundary and says which line to continue from.
 */
export const TEXT_CAP_BYTES = 100 * 1024;

export interface CappedText {
  text: string;
  truncated: boolean;
  /** 0-based line the omitted rest starts at (only when truncated). */
  nextLine?: number;
  totalBytes: number;
}

export function capText(text: string, capBytes: number = TEXT_CAP_BYTES): CappedText {
  const totalBytes = Buffer.byteLength(text);
  if (totalBytes <= capBytes) return { text, truncated: false, totalBytes };
  let end = largestPrefixWithin(text, capBytes);
  const lastNewline = text.lastIndexOf('\n', end - 1);
  if (lastNewline > 0) end = lastNewline + 1;
  const kept = text.slice(0, end);
  return { text: kept, truncated: true, nextLine: countLines(kept), totalBytes };
}

function largestPrefixWithin(text: string, capBytes: number): number {
  let low = 0;
  let high = Math.min(text.length, capBytes);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(text.slice(0, middle)) <= capBytes) low = middle;
    else high = middle - 1;
  }
  return low;
}

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}
