import { describe, expect, test } from 'bun:test';
import { editFrontmatterTags, type TagRewrite } from './frontmatter-tags.ts';

/** Renames `from` (and tags nested under it, any case) to `to`. */
const rename =
  (from: string, to: string): TagRewrite =>
  (tag) => {
    const key = tag.toLowerCase();
    if (key === from) return to;
    return key.startsWith(`${from}/`) ? `${to}${tag.slice(from.length)}` : undefined;
  };
const remove =
  (...names: string[]): TagRewrite =>
  (tag) =>
    names.includes(tag.toLowerCase()) ? null : undefined;
const keep: TagRewrite = () => undefined;

describe('a block list', () => {
  const note =
    '---\ntitle: T\ntags:\n  - a\n  - "#a/b" # nested\n  - other\nnext: 1\n---\nbody #a\n';

  test('renamed in place, quoting, # and comments kept, the body untouched', () => {
    const outcome = editFrontmatterTags(note, rename('a', 'z'));
    expect(outcome.text).toBe(
      '---\ntitle: T\ntags:\n  - z\n  - "#z/b" # nested\n  - other\nnext: 1\n---\nbody #a\n',
    );
    expect(outcome.changes).toEqual([
      { from: 'a', to: 'z' },
      { from: 'a/b', to: 'z/b' },
    ]);
  });

  test('a removed entry loses its line; added tags follow the last entry at its indent', () => {
    expect(editFrontmatterTags(note, remove('a/b'), ['new', 'true']).text).toBe(
      '---\ntitle: T\ntags:\n  - a\n  - other\n  - new\n  - "true"\nnext: 1\n---\nbody #a\n',
    );
  });

  test('an entry renamed to a tag the list has is dropped, not listed twice', () => {
    const outcome = editFrontmatterTags('---\ntags:\n- a\n- B\n---\n', rename('a', 'b'));
    expect(outcome.text).toBe('---\ntags:\n- B\n---\n');
    expect(outcome.changes).toEqual([{ from: 'a', to: null }]);
  });

  test('an added tag the list already has, in any case, is not added again', () => {
    const outcome = editFrontmatterTags(note, keep, ['OTHER', 'fresh']);
    expect(outcome.added).toEqual(['fresh']);
    expect(outcome.text).toContain('  - other\n  - fresh\nnext: 1\n');
  });
});

describe('other forms of tags', () => {
  test('a flow list is written again from its kept entries', () => {
    const text = '---\ntags: [a, \'x/a\', "c"] # flow\n---\n';
    expect(editFrontmatterTags(text, remove('c'), ['d']).text).toBe(
      "---\ntags: [a, 'x/a', d] # flow\n---\n",
    );
    expect(editFrontmatterTags(text, rename('a', 'b')).text).toBe(
      '---\ntags: [b, \'x/a\', "c"] # flow\n---\n',
    );
  });

  test('a string: renamed, removed, or made a block list for added tags', () => {
    expect(editFrontmatterTags('---\ntags: a/b\n---\n', rename('a', 'c')).text).toBe(
      '---\ntags: c/b\n---\n',
    );
    expect(editFrontmatterTags('---\ntags: "#a"\n---\n', remove('a')).text).toBe(
      '---\ntags:\n---\n',
    );
    expect(editFrontmatterTags('---\ntags: a\n---\n', keep, ['b']).text).toBe(
      '---\ntags:\n  - a\n  - b\n---\n',
    );
  });

  test('an empty tags key, no tags key, no frontmatter at all', () => {
    expect(editFrontmatterTags('---\ntags:\nx: 1\n---\n', keep, ['a']).text).toBe(
      '---\ntags:\n  - a\nx: 1\n---\n',
    );
    expect(editFrontmatterTags('---\nx: 1\n---\nbody\n', keep, ['a']).text).toBe(
      '---\nx: 1\ntags:\n  - a\n---\nbody\n',
    );
    expect(editFrontmatterTags('# Title\n', keep, ['a']).text).toBe(
      '---\ntags:\n  - a\n---\n# Title\n',
    );
    expect(editFrontmatterTags('# Title\n', remove('a')).text).toBe('# Title\n');
  });

  test('values that are not tags are left alone; invalid YAML is reported, not edited', () => {
    const text = '---\ntags: [a, "b, c", 2024]\n---\n';
    expect(editFrontmatterTags(text, remove('b, c', '2024', 'a')).text).toBe(
      '---\ntags: ["b, c", 2024]\n---\n',
    );
    const invalid = '---\ntags: [a\n---\n';
    expect(editFrontmatterTags(invalid, remove('a'), ['b'])).toEqual({
      text: invalid,
      changes: [],
      added: [],
      invalid: true,
    });
  });

  test('a CRLF note keeps its line breaks around the edit', () => {
    expect(editFrontmatterTags('---\r\ntags:\r\n  - a\r\n  - b\r\n---\r\n', remove('a')).text).toBe(
      '---\r\ntags:\r\n  - b\r\n---\r\n',
    );
  });
});
