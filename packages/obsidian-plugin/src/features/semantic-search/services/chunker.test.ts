import { describe, expect, test } from 'bun:test';
import { chunkNote, type NoteChunk } from './chunker.ts';
import { countTokens } from './text-units.ts';

/** The chunks cut from the text, without the outline chunk a note of several sections gets. */
const sections = (
  path: string,
  note: string,
  limits?: Parameters<typeof chunkNote>[2],
): NoteChunk[] =>
  chunkNote(path, note, limits).filter((chunk) => !chunk.text.includes(' (outline)\n'));

const words = (count: number, word = 'lorem') =>
  Array.from({ length: count }, (_, index) => `${word}${index % 7}`).join(' ');
const lines = (count: number, perLine: number) =>
  Array.from({ length: count }, () => words(perLine)).join('\n');

describe('chunkNote', () => {
  test('frontmatter is its own chunk; the body splits at H1 and H2 but not at a short H3', () => {
    const note = [
      '---',
      'tags: [project]',
      '---',
      'Preamble text.',
      '# Title',
      'Intro.',
      '## Part A',
      'Alpha.',
      '### Detail',
      'Small detail.',
      '## Part B',
      'Beta.',
    ].join('\n');
    const chunks = chunkNote('Projects/Plan.md', note);
    expect(chunks.map((chunk) => chunk.heading)).toEqual([
      null,
      null,
      'Title',
      'Part A',
      'Part B',
      null,
    ]);
    expect(chunks[0]?.text).toBe('Plan (properties)\n---\ntags: [project]\n---');
    expect(chunks[3]?.text).toBe('Plan > Title > Part A\nPart A\nAlpha.\nDetail\nSmall detail.');
    expect(note.slice(chunks[3]?.start, chunks[3]?.end)).toBe(
      '## Part A\nAlpha.\n### Detail\nSmall detail.\n',
    );
    expect(chunks[5]?.text).toBe('Plan (outline)\nTitle\nPart A\nDetail\nPart B');
  });

  test('a section over the limit also splits at H3', () => {
    const note = `## Long\n${lines(20, 10)}\n### One\n${lines(20, 10)}\n### Two\n${lines(20, 10)}\n`;
    const chunks = sections('n.md', note, { maxTokens: 300, overlapTokens: 20 });
    expect(chunks.map((chunk) => chunk.heading)).toEqual(['Long', 'One', 'Two']);
    expect(chunks[1]?.text.startsWith('n > Long > One\nOne\n')).toBe(true);
  });

  test('a long piece becomes windows of at most maxTokens that overlap by at most the overlap', () => {
    const note = `# Big\n${lines(200, 12)}\n`;
    const chunks = sections('n.md', note);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(512);
    for (let index = 1; index < chunks.length; index++) {
      const [previous, current] = [chunks[index - 1], chunks[index]];
      if (previous === undefined || current === undefined) throw new Error('missing chunk');
      expect(current.start).toBeLessThan(previous.end);
      const shared = countTokens(note.slice(current.start, previous.end));
      expect(shared).toBeGreaterThan(0);
      expect(shared).toBeLessThanOrEqual(64);
    }
    expect(chunks[chunks.length - 1]?.end).toBe(note.length);
  });

  test('a code fence is never split, and a # line inside it is not a heading', () => {
    const fence = ['```js', '# not a heading', lines(70, 10), '```'].join('\n');
    const note = `# Code\n${lines(10, 10)}\n\n${fence}\n\n${lines(10, 10)}\n`;
    const chunks = sections('n.md', note);
    const holding = chunks.filter((chunk) => note.slice(chunk.start, chunk.end).includes('```js'));
    expect(holding).toHaveLength(1);
    expect(note.slice(holding[0]?.start, holding[0]?.end)).toContain(fence);
    expect(holding[0]?.tokens).toBeGreaterThan(512);
    expect(chunks.every((chunk) => chunk.heading === 'Code')).toBe(true);
  });

  test('hashes are stable, and an edit changes only the hash of the chunk it falls in', () => {
    const note = '# A\nfirst\n## B\nsecond\n## C\nthird\n';
    const before = chunkNote('n.md', note).map((chunk) => chunk.hash);
    expect(chunkNote('n.md', note).map((chunk) => chunk.hash)).toEqual(before);
    const after = chunkNote('n.md', note.replace('second', 'changed')).map((chunk) => chunk.hash);
    expect(after).toHaveLength(4);
    expect(after.filter((hash, index) => hash !== before[index])).toEqual([after[1] as string]);
    const renamed = chunkNote('n.md', note.replace('## C', '## D')).map((chunk) => chunk.hash);
    expect(renamed.filter((hash, index) => hash !== before[index])).toEqual(renamed.slice(2));
    const commented = chunkNote('n.md', note.replace('third', 'third <!-- a comment -->'));
    expect(commented.map((chunk) => chunk.hash)).toEqual(before);
  });

  test('the embedded text is what a reader sees, not markdown syntax', () => {
    const note = [
      '## Plan #project/garden',
      '- [ ] #task Buy **seeds** from [the shop](https://example.com/shop) 📅 2024-03-01',
      '- [x] Ask [[People/Anna|Anna]] about [[Frost dates#April]]',
      '<!-- hidden --> %% private %% see <https://example.com>',
    ].join('\n');
    expect(chunkNote('n.md', note)[0]?.text).toBe(
      [
        'n > Plan #project/garden',
        'Plan project/garden',
        '- task Buy seeds from the shop 📅 2024-03-01',
        '- Ask Anna People/Anna about Frost dates April',
        'see',
      ].join('\n'),
    );
  });

  test('an empty note is one chunk holding its title', () => {
    expect(chunkNote('Daily/2024-01-01.md', '')).toMatchObject([
      { heading: null, start: 0, end: 0, text: '2024-01-01' },
    ]);
  });
});
