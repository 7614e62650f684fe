/**
 * Nearest notes to a query vector, over every segment of a store. Two passes: an int8 scan of
 * all rows ranks notes by their best chunk approximately, then the few best candidates are
 * re-scored exactly in float32 (cosine, since vectors are unit length). A note appears once,
 * with its best chunk; `accept` filters notes by path before any of their rows count.
 */
import {
  packSegment,
  quantizeQuery,
  type PackedNote,
  type PackedSegment,
} from './packed-segment.ts';
import type { SegmentStore } from './segment-store.ts';
import { TopK } from './top-k.ts';

export interface VectorHit {
  path: string;
  chunkIndex: number;
  /** Cosine similarity of the query and the chunk, -1 to 1. */
  score: number;
}

export interface VectorQuery {
  vector: Float32Array;
  limit: number;
  accept: (path: string) => boolean;
}

/** Candidates re-scored exactly per hit asked for: the int8 ranking is close, not exact. */
const RESCORE_FACTOR = 4;
const RESCORE_EXTRA = 16;

export class VectorSearcher {
  private packs: (PackedSegment | null)[] = [];

  constructor(private readonly store: SegmentStore) {}

  search(query: VectorQuery): VectorHit[] {
    const { dimensions } = this.store.identity;
    const candidates = new TopK<PackedNote>(query.limit * RESCORE_FACTOR + RESCORE_EXTRA);
    this.store.segments.forEach((segment, index) => {
      let packed = this.packs[index] ?? null;
      if (packed === null || packed.version !== segment.version) {
        packed = packSegment(segment, dimensions);
        this.packs[index] = packed;
      }
      scanSegment(packed, query, candidates);
    });
    const exact = new TopK<VectorHit>(query.limit);
    for (const candidate of candidates.best()) {
      const hit = bestChunk(candidate, query.vector, dimensions);
      exact.offer(hit, hit.score);
    }
    return exact.best();
  }
}

function scanSegment(packed: PackedSegment, query: VectorQuery, into: TopK<PackedNote>): void {
  if (packed.block.rows === 0) return;
  const quantized = quantizeQuery(query.vector, packed.block.stride);
  const dots = packed.block.scan(quantized.values);
  for (const candidate of packed.notes) {
    if (!query.accept(candidate.path)) continue;
    let best = -Infinity;
    const end = candidate.firstRow + candidate.note.chunks.length;
    for (let row = candidate.firstRow; row < end; row++) {
      best = Math.max(best, (dots[row] as number) * (packed.scales[row] as number));
    }
    into.offer(candidate, best * quantized.scale);
  }
}

function bestChunk(candidate: PackedNote, query: Float32Array, dimensions: number): VectorHit {
  const { vectors, chunks } = candidate.note;
  let best: VectorHit = { path: candidate.path, chunkIndex: 0, score: -Infinity };
  for (let chunk = 0; chunk < chunks.length; chunk++) {
    let dot = 0;
    const offset = chunk * dimensions;
    for (let i = 0; i < dimensions; i++)
      dot += (query[i] as number) * (vectors[offset + i] as number);
    if (dot > best.score) best = { path: candidate.path, chunkIndex: chunk, score: dot };
  }
  return best;
}
