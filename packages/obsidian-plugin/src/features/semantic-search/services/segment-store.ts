/**
 * One provider's index on disk and in memory: 16 segments in one folder, a note's segment chosen
 * by a hash of its path. Only segments that changed since the last save are written, each with
 * `writeFileAtomic` (vectors first, then the JSON that names their hash), so editing one note
 * rewrites one segment. A segment that fails to load (corrupt, truncated, other format or
 * provider) starts empty and is reported in `rebuilt`: the indexer then re-embeds its notes
 * alone, since every other note still has its vectors. A store opened without a directory
 * lives in memory only (the keyword-only index, which has no vectors worth keeping).
 */
import { writeFileAtomic } from '@mcp-connector/shared';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CorruptSegmentError,
  decodeSegment,
  encodeSegment,
  type NoteVectors,
  type SegmentIdentity,
} from './segment-file.ts';
import { SEGMENT_COUNT, segmentOf } from './hashing.ts';

export class Segment {
  readonly notes = new Map<string, NoteVectors>();
  /** Changed in memory since the last save. */
  changed = false;
  /** Bumped on every change, so search can tell when its packed copy is stale. */
  version = 0;

  touch(): void {
    this.changed = true;
    this.version++;
  }
}

export interface SaveOptions {
  pending?: (segment: number) => boolean;
  only?: (segment: number) => boolean;
}

export interface StoreLoadReport {
  /** Segments that could not be read and start empty. */
  rebuilt: { segment: number; reason: string }[];
  /** Segments saved while notes of theirs were still waiting to be embedded. */
  dirty: number[];
}

export class SegmentStore {
  readonly segments: readonly Segment[];

  private constructor(
    readonly directory: string | null,
    readonly identity: SegmentIdentity,
    readonly report: StoreLoadReport,
    segments: Segment[],
  ) {
    this.segments = segments;
  }

  static async open(directory: string | null, identity: SegmentIdentity): Promise<SegmentStore> {
    const report: StoreLoadReport = { rebuilt: [], dirty: [] };
    const segments: Segment[] = [];
    for (let index = 0; index < SEGMENT_COUNT; index++) {
      const segment = new Segment();
      segments.push(segment);
      if (directory === null) continue;
      try {
        const decoded = await readSegment(directory, index, identity);
        if (decoded === null) continue;
        for (const [path, note] of decoded.notes) segment.notes.set(path, note);
        if (decoded.dirty) report.dirty.push(index);
      } catch (error) {
        if (!(error instanceof CorruptSegmentError)) throw error;
        report.rebuilt.push({ segment: index, reason: error.message });
        segment.touch();
      }
    }
    return new SegmentStore(directory, identity, report, segments);
  }

  get(path: string): NoteVectors | undefined {
    return this.segmentFor(path).notes.get(path);
  }

  put(path: string, note: NoteVectors): void {
    const segment = this.segmentFor(path);
    segment.notes.set(path, note);
    segment.touch();
  }

  delete(path: string): boolean {
    const segment = this.segmentFor(path);
    const deleted = segment.notes.delete(path);
    if (deleted) segment.touch();
    return deleted;
  }

  *paths(): Iterable<string> {
    for (const segment of this.segments) yield* segment.notes.keys();
  }

  get chunkCount(): number {
    let count = 0;
    for (const segment of this.segments)
      for (const note of segment.notes.values()) count += note.chunks.length;
    return count;
  }

  /**
   * Writes the changed segments that `only` selects (all by default); `pending(i)` is the dirty
   * marker: segment i still has notes waiting to be embedded.
   */
  async save(options: SaveOptions = {}): Promise<number[]> {
    const { pending = () => false, only = () => true } = options;
    const written: number[] = [];
    const { directory } = this;
    if (directory === null) return written;
    for (const [index, segment] of this.segments.entries()) {
      if (!segment.changed || !only(index)) continue;
      segment.changed = false;
      const { json, vectors } = encodeSegment(segment.notes, this.identity, pending(index));
      try {
        await writeFileAtomic(fileOf(directory, index, 'f32'), vectors);
        await writeFileAtomic(fileOf(directory, index, 'json'), json);
      } catch (error) {
        segment.changed = true;
        throw error;
      }
      written.push(index);
    }
    return written;
  }

  /** Deletes this index from disk (after a provider switch). */
  async destroy(): Promise<void> {
    if (this.directory !== null) await rm(this.directory, { recursive: true, force: true });
  }

  private segmentFor(path: string): Segment {
    return this.segments[segmentOf(path)] as Segment;
  }
}

export function fileOf(directory: string, segment: number, kind: 'json' | 'f32'): string {
  return join(directory, `seg-${String(segment).padStart(2, '0')}.${kind}`);
}

async function readSegment(
  directory: string,
  index: number,
  identity: SegmentIdentity,
): Promise<ReturnType<typeof decodeSegment> | null> {
  const [json, vectors] = await Promise.all([
    readFile(fileOf(directory, index, 'json'), 'utf8').catch(missingAsNull),
    readFile(fileOf(directory, index, 'f32')).catch(missingAsNull),
  ]);
  if (json === null && vectors === null) return null;
  if (json === null || vectors === null)
    throw new CorruptSegmentError('one of its two files is missing');
  return decodeSegment(json, vectors, identity);
}

function missingAsNull(error: unknown): null {
  if ((error as { code?: string }).code === 'ENOENT') return null;
  throw error;
}
