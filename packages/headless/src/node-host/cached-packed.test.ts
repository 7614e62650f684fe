import { describe, expect, test } from 'bun:test';
import { CachedPacked } from './cached-packed.ts';

const packedWith = (json: string | null) =>
  new CachedPacked(new Int16Array(0), [], json, undefined);

describe('a cached note’s frontmatter', () => {
  test('is parsed when first read, once, and its JSON is given only until then', () => {
    const packed = packedWith('{"tags":["a"],"n":1}');
    expect(packed.frontmatterJson).toBe('{"tags":["a"],"n":1}');
    const first = packed.frontmatter;
    expect(first).toEqual({ tags: ['a'], n: 1 });
    expect(packed.frontmatter).toBe(first);
    expect(packed.frontmatterJson).toBeNull();
  });

  test('is absent when there was none, or its JSON is not an object', () => {
    for (const json of [null, 'not json', '[1]', '"text"', 'null'])
      expect(packedWith(json).frontmatter).toBeUndefined();
  });
});
