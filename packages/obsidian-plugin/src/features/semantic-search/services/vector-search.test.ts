import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeInPlace } from '../providers/embedding-provider.ts';
import { createInt8Block, simdModule, strideFor } from './int8-kernel.ts';
import { SegmentStore } from './segment-store.ts';
import { VectorSearcher } from './vector-search.ts';

/** A seeded generator, so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function unitVector(next: () => number, dimensions: number): Float32Array {
  return normalizeInPlace(Float32Array.from({ length: dimensions }, () => next() - 0.5));
}

describe('int8 kernel', () => {
  test('WebAssembly SIMD is used here and agrees with plain arithmetic', () => {
    expect(simdModule()).not.toBeNull();
    const next = random(1);
    const [rows, stride] = [37, strideFor(40)];
    expect(stride).toBe(48);
    const block = createInt8Block(rows, stride);
    for (let i = 0; i < block.vectors.length; i++)
      block.vectors[i] = Math.round(next() * 254 - 127);
    const query = Int16Array.from({ length: stride }, () => Math.round(next() * 254 - 127));
    const scores = [...block.scan(query)];
    const expected = Array.from({ length: rows }, (_, row) => {
      let sum = 0;
      for (let k = 0; k < stride; k++)
        sum += (query[k] as number) * (block.vectors[row * stride + k] as number);
      return sum;
    });
    expect(scores).toEqual(expected);
  });
});

describe('VectorSearcher', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vectors-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  test('returns the exact top notes by best chunk, filtered by path, after int8 pre-ranking', async () => {
    const dimensions = 24;
    const next = random(7);
    const store = await SegmentStore.open(directory, { providerId: 't:24', dimensions });
    const all: { path: string; chunk: number; vector: Float32Array }[] = [];
    for (let note = 0; note < 300; note++) {
      const path = `${note % 2 === 0 ? 'Even' : 'Odd'}/${note}.md`;
      const chunkCount = 1 + (note % 3);
      const vectors = new Float32Array(chunkCount * dimensions);
      const chunks = Array.from({ length: chunkCount }, (_, chunk) => {
        const vector = unitVector(next, dimensions);
        vectors.set(vector, chunk * dimensions);
        all.push({ path, chunk, vector });
        return { hash: `${note}-${chunk}`, heading: null, start: 0, end: 0 };
      });
      store.put(path, { chunks, vectors });
    }
    const query = unitVector(next, dimensions);
    const dot = (v: Float32Array) =>
      v.reduce((sum, value, index) => sum + value * (query[index] as number), 0);
    const bestByNote = new Map<string, { chunkIndex: number; score: number }>();
    for (const { path, chunk, vector } of all) {
      if (!path.startsWith('Even/')) continue;
      const score = dot(vector);
      if ((bestByNote.get(path)?.score ?? -Infinity) < score)
        bestByNote.set(path, { chunkIndex: chunk, score });
    }
    const expected = [...bestByNote].sort((a, b) => b[1].score - a[1].score).slice(0, 10);

    const hits = new VectorSearcher(store).search({
      vector: query,
      limit: 10,
      accept: (path) => path.startsWith('Even/'),
    });
    expect(hits.map((hit) => hit.path)).toEqual(expected.map(([path]) => path));
    hits.forEach((hit, index) => {
      expect(hit.chunkIndex).toBe(expected[index]?.[1].chunkIndex as number);
      expect(hit.score).toBeCloseTo(expected[index]?.[1].score as number, 5);
    });
  });

  test('sees a change to a segment at the next query', async () => {
    const store = await SegmentStore.open(directory, { providerId: 't:4', dimensions: 4 });
    const searcher = new VectorSearcher(store);
    const chunk = [{ hash: 'x', heading: null, start: 0, end: 0 }];
    store.put('a.md', { chunks: chunk, vectors: Float32Array.from([1, 0, 0, 0]) });
    const query = { vector: Float32Array.from([0, 1, 0, 0]), limit: 5, accept: () => true };
    expect(searcher.search(query).map((hit) => hit.path)).toEqual(['a.md']);
    store.put('b.md', { chunks: chunk, vectors: Float32Array.from([0, 1, 0, 0]) });
    expect(searcher.search(query)).toEqual([
      { path: 'b.md', chunkIndex: 0, score: 1 },
      { path: 'a.md', chunkIndex: 0, score: 0 },
    ]);
    store.delete('b.md');
    expect(searcher.search(query).map((hit) => hit.path)).toEqual(['a.md']);
  });
});
