import type { FileHandle } from 'node:fs/promises';

/** Fills `target` from the file at `position`; a file that ends first is a doubt (throws). */
export async function readRange<T extends Uint8Array>(
  handle: FileHandle,
  target: T,
  position: number,
): Promise<T> {
  for (let done = 0; done < target.length;) {
    const { bytesRead } = await handle.read(target, done, target.length - done, position + done);
    if (bytesRead === 0) throw new Error('The file ended early.');
    done += bytesRead;
  }
  return target;
}
