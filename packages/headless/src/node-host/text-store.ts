/**
 * The notes' texts in one file beside the metadata cache (ADR-0028), so a warm start has every
 * text it restored unread without opening 100,000 files: one sequential read, in chunks, instead
 * of a few syscalls a note (most of a second of CPU under Node, and tens of seconds when the notes
 * have left the page cache). Each text carries the hash it was written with, and is only used
 * where the note's cache record holds that hash (VaultState.storedText): a store that is stale or
 * of another build costs reads from the disk and never gives another text than the record's.
 * The hash is taken when the store is written, in the background, not when it is read.
 *
 * Texts are taken in the order they were written (text-store-layout.ts has the file), which is
 * the order a build restores them, so reading goes through the file once, a chunk at a time;
 * each text is taken at most once.
 */
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { readRange } from './read-range.ts';
import {
  CHUNK_BYTES,
  MAGIC,
  TRAILER_BYTES,
  startsOf,
  validIndex,
  type StoreIndex,
} from './text-store-layout.ts';

/** Where a metadata cache file's text store is: beside it. */
export function textStorePathOf(cacheFile: string): string {
  return join(cacheFile, '..', 'texts.bin');
}

/** A stored text and what it hashes to. */
export interface StoredText {
  text: string;
  hash: string;
}

export class TextStore {
  /**
   * path -> the text's place in the index, made when a text is first asked for out of order:
   * a warm start asks in the file's order (`next`), and needs no entry per note before ready.
   */
  private where: Map<string, number> | null = null;
  /** The place in the index a take in order asks for next. */
  private next = 0;
  /** 1 where the text was taken. */
  private readonly taken: Uint8Array;
  /** 1 where a text's bytes do not match their CRC-32: the store was damaged there. */
  private readonly damaged: Uint8Array;
  /** Where each text starts in the file, and where the last one ends. */
  private readonly startsAt: Float64Array;
  /** The texts of the chunk read last, from the text at `decodedFrom` on. */
  private decoded: string[] = [];
  private decodedFrom = 0;
  private buffer = Buffer.alloc(0);

  private constructor(
    /** Held, not just its descriptor: Node closes a handle it collects. */
    private handle: FileHandle | null,
    private readonly index: StoreIndex,
  ) {
    this.taken = new Uint8Array(index.paths.length);
    this.damaged = new Uint8Array(index.paths.length);
    this.startsAt = startsOf(index.bytes, MAGIC.length);
  }

  /** The store in `file`; null when there is none or any doubt about its layout. */
  static async open(file: string): Promise<TextStore | null> {
    let handle: FileHandle | null = null;
    try {
      handle = await open(file, 'r');
      const fileBytes = (await handle.stat()).size;
      if (fileBytes < MAGIC.length + TRAILER_BYTES) throw new Error('too short');
      const trailer = await readRange(
        handle,
        Buffer.alloc(TRAILER_BYTES),
        fileBytes - TRAILER_BYTES,
      );
      const indexBytes = trailer.readUInt32LE(0);
      const indexAt = fileBytes - TRAILER_BYTES - indexBytes;
      const magic = await readRange(handle, Buffer.alloc(MAGIC.length), 0);
      if (indexAt < MAGIC.length || magic.toString('latin1') !== MAGIC) throw new Error('no store');
      const json = await readRange(handle, Buffer.allocUnsafe(indexBytes), indexAt);
      const index = validIndex(JSON.parse(json.toString('utf8')), indexAt - MAGIC.length);
      if (index === null) throw new Error('no index');
      const store = new TextStore(handle, index);
      handle = null; // the store owns it now
      return store;
    } catch {
      return null;
    } finally {
      await handle?.close();
    }
  }

  /** The text stored for `path`, once; null when there is none or it cannot be read. */
  take(path: string): StoredText | null {
    const i = this.placeOf(path);
    if (i === -1 || this.taken[i] === 1 || this.handle === null) return null;
    this.taken[i] = 1;
    if (i < this.decodedFrom || i - this.decodedFrom >= this.decoded.length) {
      try {
        this.load(i);
      } catch {
        return null;
      }
    }
    const text = this.decoded[i - this.decodedFrom];
    if (text === undefined || this.damaged[i] === 1) return null;
    return { text, hash: this.index.hashes[i] as string };
  }

  /** Gives the file back; later takes find nothing. */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    this.where = null;
    this.decoded = [];
    this.buffer = Buffer.alloc(0);
    await handle?.close().catch(() => {});
  }

  /** Where `path` is in the index (-1: nowhere): the next place, when it is the one asked for. */
  private placeOf(path: string): number {
    let i = this.next;
    if (this.index.paths[i] !== path) i = this.whereIs(path) ?? -1;
    if (i !== -1) this.next = i + 1;
    return i;
  }

  private whereIs(path: string): number | undefined {
    this.where ??= new Map(this.index.paths.map((known, place) => [known, place]));
    return this.where.get(path);
  }

  /**
   * Reads the texts from the `first` on, as many as fit a chunk (at least that one), and
   * decodes them: a run of ASCII texts as one string they are slices of, so that 100,000 notes
   * are a few hundred strings for the collector to move, not 100,000.
   */
  private load(first: number): void {
    const { bytes, ascii } = this.index;
    let last = first;
    let size = bytes[first] as number;
    while (last + 1 < bytes.length && size + (bytes[last + 1] as number) <= CHUNK_BYTES)
      size += bytes[++last] as number;
    const chunk = this.read(this.startsAt[first] as number, size);
    for (let k = first; k <= last; k++) {
      const from = this.offsetIn(first, k);
      const crc = crc32(chunk.subarray(from, from + (bytes[k] as number)));
      if (crc !== this.index.crcs[k]) this.damaged[k] = 1;
    }
    const decoded: string[] = [];
    let runFrom = first;
    const endRun = (end: number) => {
      if (runFrom === end) return;
      const run = chunk.toString('utf8', this.offsetIn(first, runFrom), this.offsetIn(first, end));
      for (let k = runFrom, at = 0; k < end; at += bytes[k++] as number)
        decoded.push(run.slice(at, at + (bytes[k] as number)));
    };
    for (let k = first; k <= last; k++) {
      if (ascii[k] === 1) continue;
      endRun(k);
      const from = this.offsetIn(first, k);
      decoded.push(chunk.toString('utf8', from, from + (bytes[k] as number)));
      runFrom = k + 1;
    }
    endRun(last + 1);
    this.decoded = decoded;
    this.decodedFrom = first;
  }

  /** Where text `k` starts (or, past the last, where that ends) in a chunk read from `first` on. */
  private offsetIn(first: number, k: number): number {
    return (this.startsAt[k] as number) - (this.startsAt[first] as number);
  }

  /** The bytes at `position`, in the one buffer the store reads into (decoding copies them out). */
  private read(position: number, size: number): Buffer {
    if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(size);
    const chunk = this.buffer.subarray(0, size);
    for (let done = 0; done < size;) {
      const read = readSync(
        (this.handle as FileHandle).fd,
        chunk,
        done,
        size - done,
        position + done,
      );
      if (read === 0) throw new Error('The text store ended early.');
      done += read;
    }
    return chunk;
  }
}
