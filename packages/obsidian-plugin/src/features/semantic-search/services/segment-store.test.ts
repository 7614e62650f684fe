import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEGMENT_COUNT, segmentOf } from './hashing.ts';
import { fileOf, SegmentStore } from './segment-store.ts';

const identity = { providerId: 'hashing:4', dimensions: 4 };
let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'segments-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const note = (seed: number, chunks = 2) => ({
  chunks: Array.from({ length: chunks }, (_, index) => ({
    hash: `h${seed}-${index}`,
    heading: index === 0 ? null : `H${index}`,
    start: index * 10,
    end: index * 10 + 9,
  })),
  vectors: Float32Array.from({ length: chunks * 4 }, (_, index) => seed + index / 10),
});

/** Paths falling in distinct segments, so tests can reason about single segments. */
function pathsInDistinctSegments(count: number): string[] {
  const bySegment = new Map<number, string>();
  for (let index = 0; bySegment.size < count; index++) {
    const path = `Notes/${index}.md`;
    if (!bySegment.has(segmentOf(path))) bySegment.set(segmentOf(path), path);
  }
  return [...bySegment.values()];
}

describe('SegmentStore', () => {
  test('16 segments by path hash; a save writes only the changed ones; a reload reads them back', async () => {
    expect(SEGMENT_COUNT).toBe(16);
    const [a, b] = pathsInDistinctSegments(2) as [string, string];
    const store = await SegmentStore.open(directory, identity);
    store.put(a, note(1));
    store.put(b, note(2, 3));
    expect((await store.save()).sort()).toEqual([segmentOf(a), segmentOf(b)].sort());
    expect(await store.save()).toEqual([]);
    store.put(a, note(5));
    expect(await store.save()).toEqual([segmentOf(a)]);

    const reloaded = await SegmentStore.open(directory, identity);
    expect(reloaded.report).toEqual({ rebuilt: [], dirty: [] });
    expect(reloaded.get(a)).toEqual(note(5));
    expect(reloaded.get(b)).toEqual(note(2, 3));
    expect(reloaded.chunkCount).toBe(5);
    const json = JSON.parse(
      await readFile(fileOf(directory, segmentOf(a), 'json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      formatVersion: 1,
      providerId: 'hashing:4',
      dimensions: 4,
      dirty: false,
      rows: 2,
    });
  });

  test('a truncated vector file or a broken index is detected and only that segment starts empty', async () => {
    const [a, b, c] = pathsInDistinctSegments(3) as [string, string, string];
    const store = await SegmentStore.open(directory, identity);
    for (const [index, path] of [a, b, c].entries()) store.put(path, note(index));
    await store.save();
    await truncate(fileOf(directory, segmentOf(a), 'f32'), 8);
    await writeFile(fileOf(directory, segmentOf(b), 'json'), '{"formatVersion":1,');

    const reloaded = await SegmentStore.open(directory, identity);
    expect(reloaded.report.rebuilt.map((entry) => entry.segment).sort()).toEqual(
      [segmentOf(a), segmentOf(b)].sort(),
    );
    expect(reloaded.get(a)).toBeUndefined();
    expect(reloaded.get(b)).toBeUndefined();
    expect(reloaded.get(c)).toEqual(note(2));
    // The rebuilt segments are rewritten by the next save, and nothing else.
    expect((await reloaded.save()).sort()).toEqual([segmentOf(a), segmentOf(b)].sort());
  });

  test('vectors of the same size but other bytes, another provider, or a lone file count as corrupt', async () => {
    const [a, b] = pathsInDistinctSegments(2) as [string, string];
    const store = await SegmentStore.open(directory, identity);
    store.put(a, note(1));
    store.put(b, note(2));
    await store.save();
    const vectors = await readFile(fileOf(directory, segmentOf(a), 'f32'));
    vectors[0] = (vectors[0] ?? 0) ^ 0xff;
    await writeFile(fileOf(directory, segmentOf(a), 'f32'), vectors);
    await rm(fileOf(directory, segmentOf(b), 'json'));
    const reasons = (await SegmentStore.open(directory, identity)).report.rebuilt.map(
      (entry) => entry.reason,
    );
    expect(reasons.sort()).toEqual([
      'one of its two files is missing',
      'vector file does not match its index',
    ]);
    const other = await SegmentStore.open(directory, { providerId: 'other:4', dimensions: 4 });
    expect(other.report.rebuilt.map((entry) => entry.reason)).toContain('built by hashing:4');
  });

  test('the dirty marker records segments saved with work still queued', async () => {
    const [a] = pathsInDistinctSegments(1) as [string];
    const store = await SegmentStore.open(directory, identity);
    store.put(a, note(1));
    await store.save({ pending: (segment) => segment === segmentOf(a) });
    expect((await SegmentStore.open(directory, identity)).report.dirty).toEqual([segmentOf(a)]);
    expect((await readdir(directory)).every((name) => /^seg-\d\d\.(json|f32)$/.test(name))).toBe(
      true,
    );
  });
});
