/**
 * Before-images, stored by content: `images/<sha-256 of the bytes>`. A blob is written (and
 * flushed) before the journal line that names it, so a line never names a missing blob; equal
 * bytes are stored once. A blob no kept change names goes: with the change that was rolled
 * back, at compaction, and at every start (`sweep`, which also removes a temp file a crash cut
 * off), so the store never holds an image no record points to for longer than a crash lasts.
 */
import { isAtomicTempName, writeFileAtomic } from '@mcp-connector/shared';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const BLOB_NAME = /^[0-9a-f]{64}$/;

export function blobName(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class ImageStore {
  private constructor(
    private readonly folder: string,
    /** blob -> size in bytes */
    private readonly sizes: Map<string, number>,
  ) {}

  static async open(folder: string): Promise<ImageStore> {
    await mkdir(folder, { recursive: true });
    const store = new ImageStore(folder, new Map());
    await store.rescan();
    return store;
  }

  /** Lists the blobs again: another process sharing the journal may have added or removed some. */
  async rescan(): Promise<void> {
    this.sizes.clear();
    for (const name of await readdir(this.folder)) {
      if (!BLOB_NAME.test(name)) continue;
      const stats = await stat(join(this.folder, name)).catch(() => null);
      if (stats !== null) this.sizes.set(name, stats.size);
    }
  }

  /** Bytes of every blob together. */
  get totalBytes(): number {
    let total = 0;
    for (const size of this.sizes.values()) total += size;
    return total;
  }

  size(blob: string): number {
    return this.sizes.get(blob) ?? 0;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const blob = blobName(bytes);
    if (!this.sizes.has(blob)) {
      await writeFileAtomic(join(this.folder, blob), bytes);
      this.sizes.set(blob, bytes.byteLength);
    }
    return blob;
  }

  async get(blob: string): Promise<Uint8Array | null> {
    if (!BLOB_NAME.test(blob)) return null;
    try {
      return new Uint8Array(await readFile(join(this.folder, blob)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removes every blob not in `keep`. */
  async keepOnly(keep: ReadonlySet<string>): Promise<void> {
    await this.discard(this.sizes.keys(), keep);
  }

  /** Removes those of `blobs` that are not in `keep`. */
  async discard(blobs: Iterable<string>, keep: ReadonlySet<string>): Promise<void> {
    for (const blob of [...blobs]) {
      if (keep.has(blob) || !this.sizes.has(blob)) continue;
      await rm(join(this.folder, blob), { force: true });
      this.sizes.delete(blob);
    }
  }

  /**
   * At start, holding the journal's lock (no process is between writing a blob and the line
   * naming it): every blob not in `keep` goes, and the temp files of writes a crash cut off.
   */
  async sweep(keep: ReadonlySet<string>): Promise<void> {
    for (const name of await readdir(this.folder)) {
      if (isAtomicTempName(name)) await rm(join(this.folder, name), { force: true });
    }
    await this.keepOnly(keep);
  }
}
