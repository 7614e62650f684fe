/**
 * TagTally against a recount written out plainly (every note, every tag and its ancestors, the
 * spelling of the first note in code-unit order), after random additions, re-tagging, removals
 * and renames: the tally keeps its groups as arrays while notes are only added and turns them
 * into Sets at the first removal, and both must answer the same.
 */
import { describe, expect, test } from 'bun:test';
import { TagTally, tagCountsAfter, withAncestors, type TagCount } from './tag-tally.ts';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const SPELLINGS = [
  '#Project/Alpha',
  '#project/alpha',
  'project/beta',
  '#idea',
  '#Idea',
  'a//b',
  '#x/y/z',
];

function recount(notes: Map<string, readonly string[]>): {
  counts: TagCount[];
  members: Map<string, string[]>;
} {
  const groups = new Map<string, { spellings: Map<string, string> }>();
  for (const [path, tags] of notes) {
    for (const raw of tags) {
      const tag = raw.startsWith('#') ? raw.slice(1) : raw;
      for (const spelling of tag === '' ? [] : withAncestors(tag)) {
        const key = spelling.toLowerCase();
        const group = groups.get(key) ?? { spellings: new Map<string, string>() };
        groups.set(key, group);
        if (!group.spellings.has(path)) group.spellings.set(path, spelling);
      }
    }
  }
  const counts = [...groups.values()].map(({ spellings }) => {
    const first = [...spellings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0] as string;
    return { tag: spellings.get(first) as string, count: spellings.size };
  });
  const members = new Map([...groups].map(([key, group]) => [key, [...group.spellings.keys()]]));
  return { counts, members };
}

function sorted(counts: TagCount[]): TagCount[] {
  return [...counts].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : a.count - b.count));
}

describe('TagTally', () => {
  test('answers as a recount through random changes', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const notes = new Map<string, readonly string[]>();
    const tally = new TagTally();
    const paths = Array.from({ length: 40 }, (_, i) => `F${i % 4}/n${i}.md`);
    for (let round = 0; round < 600; round++) {
      const path = pick(paths);
      const roll = next();
      if (roll < 0.6) {
        const tags = Array.from({ length: Math.floor(next() * 4) }, () => pick(SPELLINGS));
        notes.set(path, tags);
        tally.setNote(path, tags);
      } else if (roll < 0.8) {
        notes.delete(path);
        tally.removeNote(path);
      } else if (notes.has(path)) {
        const to = pick(paths);
        if (notes.has(to)) continue;
        const tags = notes.get(path) as readonly string[];
        notes.delete(path);
        notes.set(to, tags);
        tally.renameNote(path, to, tags);
      }
      const expected = recount(notes);
      expect(sorted(tally.counts())).toEqual(sorted(expected.counts));
      for (const [key, members] of expected.members)
        expect(tally.notesCounted(key).sort()).toEqual(members.sort());
    }
  });

  test('a group that only grew answers like one that lost a note', () => {
    const grown = TagTally.of([
      ['b.md', ['#Tag']],
      ['a.md', ['#tag/x']],
    ]);
    const shrunk = TagTally.of([
      ['b.md', ['#Tag']],
      ['a.md', ['#tag/x']],
      ['c.md', ['#TAG']],
    ]);
    shrunk.removeNote('c.md');
    expect(sorted(grown.counts())).toEqual([
      { tag: 'tag', count: 2 },
      { tag: 'tag/x', count: 1 },
    ]);
    expect(sorted(shrunk.counts())).toEqual(sorted(grown.counts()));
    expect(shrunk.notesCounted('tag').sort()).toEqual(['a.md', 'b.md']);
  });
});

describe('tagCountsAfter', () => {
  test('is a recount, or null, after any change of one note', () => {
    const next = random(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const paths = Array.from({ length: 12 }, (_, i) => `n${i}.md`);
    const tagsOf = () => Array.from({ length: Math.floor(next() * 3) }, () => pick(SPELLINGS));
    let answered = 0;
    for (let round = 0; round < 400; round++) {
      const notes = new Map(paths.map((path) => [path, tagsOf()]));
      const before = TagTally.of(notes).counts();
      const path = pick(paths);
      const change = { before: notes.get(path) as string[], after: tagsOf() };
      notes.set(path, change.after);
      const after = tagCountsAfter(before, [change]);
      if (after === null) continue;
      answered++;
      expect(sorted(after)).toEqual(sorted(TagTally.of(notes).counts()));
    }
    expect(answered).toBeGreaterThan(100);
  });
});
