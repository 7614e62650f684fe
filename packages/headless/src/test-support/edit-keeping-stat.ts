import { expect } from 'bun:test';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';

/**
 * Rewrites a file to the same length, then gives it back its mtime: an edit the metadata cache
 * cannot tell from its size and mtime. Returns the new text.
 */
export async function editKeepingStat(
  path: string,
  edit: (text: string) => string,
): Promise<string> {
  const { atimeMs, mtimeMs } = await stat(path);
  const original = await readFile(path, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  expect(edited.length).toBe(original.length);
  await writeFile(path, edited);
  // A whole millisecond, the one the index rounded the mtime to (a Date would truncate it).
  await utimes(path, atimeMs / 1000, Math.round(mtimeMs) / 1000);
  return edited;
}
