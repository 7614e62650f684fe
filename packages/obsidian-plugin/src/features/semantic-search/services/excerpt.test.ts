import { expect, test } from 'bun:test';
import { excerptOf } from './excerpt.ts';

test('an excerpt is the chunk as shown: no heading line, fences or comments, cut at a word', () => {
  const note =
    '---\ntags: [a]\n---\n## Plan\nBuy  seeds\n<!-- hidden -->\n%% private %%\nthen plant.\n';
  expect(excerptOf(note, 0, 17)).toBe('tags: [a]');
  expect(excerptOf(note, 18, note.length)).toBe('Buy seeds then plant.');
  const long = `## H\n${'word '.repeat(100)}`;
  const excerpt = excerptOf(long, 0, long.length);
  expect(excerpt.length).toBeLessThanOrEqual(281);
  expect(excerpt.endsWith('word…')).toBe(true);
});
