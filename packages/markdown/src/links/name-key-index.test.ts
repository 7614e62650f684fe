import { describe, expect, test } from 'bun:test';
import { NameKeyIndex } from './name-key-index.ts';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('NameKeyIndex', () => {
  test('files a source once under each of its keys, and takes it out again', () => {
    const index = new NameKeyIndex();
    index.add('a.md', ['x', 'y', 'x']);
    index.add('b.md', ['x']);
    expect(index.sourcesOf('x').sort()).toEqual(['a.md', 'b.md']);
    expect(index.sourcesOf('y')).toEqual(['a.md']);
    expect(index.sourcesOf('z')).toEqual([]);
    index.remove('a.md', ['x', 'y', 'x']);
    expect(index.sourcesOf('x')).toEqual(['b.md']);
    expect(index.sourcesOf('y')).toEqual([]);
    index.remove('gone.md', ['x']);
    expect(index.sourcesOf('x')).toEqual(['b.md']);
  });

  test('agrees with a map of sets through thousands of random changes, growing as it goes', () => {
    const next = random(17);
    const index = new NameKeyIndex();
    const model = new Map<string, string[]>(); // source -> its keys
    const keyOf = () => `note ${Math.floor(next() * 3000)}`;
    for (let change = 0; change < 20_000; change++) {
      const source = `Folder/${Math.floor(next() * 2000)}.md`;
      const held = model.get(source);
      if (held !== undefined) {
        index.remove(source, held);
        model.delete(source);
      }
      if (next() < 0.7) {
        const keys = Array.from({ length: 1 + Math.floor(next() * 8) }, keyOf);
        index.add(source, keys);
        model.set(source, keys);
      }
    }
    const expected = new Map<string, Set<string>>();
    for (const [source, keys] of model)
      for (const key of keys) expected.set(key, (expected.get(key) ?? new Set()).add(source));
    for (let key = 0; key < 3000; key++) {
      const name = `note ${key}`;
      const found = index.sourcesOf(name);
      expect(new Set(found).size).toBe(found.length); // once each
      // Every source holding the key is found; one sharing only the hash may be too.
      for (const source of expected.get(name) ?? []) expect(found).toContain(source);
      expect(found.length).toBeLessThanOrEqual((expected.get(name)?.size ?? 0) + 1);
    }
  });

  test('a key every source links to, given twice by each, holds each source once', () => {
    const index = new NameKeyIndex();
    for (let i = 0; i < 50_000; i++) index.add(`n${i}.md`, ['home', `own ${i}`, 'home']);
    const home = index.sourcesOf('home');
    expect(home).toHaveLength(50_000);
    expect(new Set(home).size).toBe(50_000);
    expect(index.sourcesOf('own 7')).toEqual(['n7.md']);
    index.remove('n7.md', ['home', 'own 7', 'home']);
    expect(index.sourcesOf('home')).toHaveLength(49_999);
    expect(index.sourcesOf('own 7')).toEqual([]);
  });

  test('a source removed from every key is forgotten, and its place is reused', () => {
    const index = new NameKeyIndex();
    for (let i = 0; i < 5000; i++) index.add(`n${i}.md`, [`k${i}`, 'shared']);
    for (let i = 0; i < 5000; i++) index.remove(`n${i}.md`, [`k${i}`, 'shared']);
    expect(index.sourcesOf('shared')).toEqual([]);
    index.add('again.md', ['shared']);
    expect(index.sourcesOf('shared')).toEqual(['again.md']);
    expect(index.sourcesOf('k1')).toEqual([]);
  });
});
