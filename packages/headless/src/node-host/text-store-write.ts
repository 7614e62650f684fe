/**
 * Writes the text store (text-store-layout.ts has the layout): the notes' texts, then the index.
 * Written in the background after a start has every text in (ADR-0028), a chunk at a time, so
 * calls arriving meanwhile are answered between chunks; hashing happens text by text as the
 * chunks are made.
 */
import { writeFileAtomic } from '@mcp-connector/shared';
import { crc32 } from 'node:zlib';
import { textHash } from './metadata-cache-key.ts';
import {
  CHUNK_BYTES,
  MAGIC,
  TRAILER_BYTES,
  isWellFormed,
  type StoreIndex,
} from './text-store-layout.ts';

/**
 * Writes the notes' texts atomically (a temp file and a rename), in the order given. When
 * `stopped` says so (the server closing), it stops within a chunk and leaves the old file.
 */
export async function writeTextStore(
  file: string,
  notes: Iterable<[path: string, text: string]>,
  stopped: () => boolean = () => false,
): Promise<void> {
  await writeFileAtomic(file, chunksOf(notes, stopped));
}

/** Thrown into the writer to end a write the server no longer waits for. */
class WriteStopped extends Error {}

/**
 * The file as chunks made when the writer asks for them. A text with a lone surrogate is left
 * out: UTF-8 cannot carry it, so it would not read back as the text hashed.
 */
function* chunksOf(
  notes: Iterable<[string, string]>,
  stopped: () => boolean,
): Generator<Uint8Array> {
  yield Buffer.from(MAGIC, 'latin1');
  const index: StoreIndex = { paths: [], bytes: [], hashes: [], ascii: [], crcs: [] };
  const chunks = new ChunkMaker(stopped);
  for (const [path, text] of notes) {
    if (!isWellFormed(text)) continue;
    const bytes = yield* chunks.add(text);
    index.paths.push(path);
    index.bytes.push(bytes);
    index.hashes.push(textHash(text));
    index.ascii.push(bytes === text.length ? 1 : 0);
    index.crcs.push(crc32(text));
  }
  yield* chunks.rest();
  const json = Buffer.from(JSON.stringify(index), 'utf8');
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(json.length, 0);
  yield json;
  yield trailer;
}

/** Texts encoded one after another into one reused buffer, handed out each time it fills. */
class ChunkMaker {
  private readonly chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  constructor(private readonly stopped: () => boolean) {}

  /** Puts the text in (a text bigger than the buffer goes alone); returns its UTF-8 length. */
  *add(text: string): Generator<Uint8Array, number> {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.used + bytes > CHUNK_BYTES && this.used > 0) {
      yield* this.rest(); // written before the generator goes on
      if (this.stopped())
        throw new WriteStopped('The server stopped before the text store was written.');
    }
    if (bytes > CHUNK_BYTES) yield Buffer.from(text, 'utf8');
    else this.used += this.chunk.write(text, this.used, 'utf8');
    return bytes;
  }

  *rest(): Generator<Uint8Array> {
    if (this.used > 0) yield this.chunk.subarray(0, this.used);
    this.used = 0;
  }
}
