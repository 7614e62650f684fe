import { expect, test } from 'bun:test';
import type { TagRewrite } from './frontmatter-tags.ts';
import { editNoteTags } from './note-tags.ts';

const rename =
  (from: string, to: string): TagRewrite =>
  (tag) => {
    const key = tag.toLowerCase();
    if (key === from) return to;
    return key.startsWith(`${from}/`) ? `${to}${tag.slice(from.length)}` : undefined;
  };
const remove =
  (name: string): TagRewrite =>
  (tag) =>
    tag.toLowerCase() === name ? null : undefined;

const NOTE = [
  '---',
  'tags: [proj]',
  '---',
  '# Work #proj',
  'Plan #proj/active and #Proj, not #project.',
  '`#proj` in code, [link](https://x.org/#proj), [[Note#proj]]',
  '```',
  '#proj in a fence',
  '```',
  '#proj #other',
  '- [ ] task #proj/waiting',
  '',
].join('\n');

test('a rename reaches nested tags and the frontmatter, never code or links', () => {
  const outcome = editNoteTags(NOTE, rename('proj', 'work'));
  expect(outcome.text).toBe(
    [
      '---',
      'tags: [work]',
      '---',
      '# Work #work',
      'Plan #work/active and #work, not #project.',
      '`#proj` in code, [link](https://x.org/#proj), [[Note#proj]]',
      '```',
      '#proj in a fence',
      '```',
      '#work #other',
      '- [ ] task #work/waiting',
      '',
    ].join('\n'),
  );
  expect(outcome.frontmatter).toEqual([{ from: 'proj', to: 'work' }]);
  expect(outcome.body.map((change) => change.from)).toEqual([
    'proj',
    'proj/active',
    'Proj',
    'proj',
    'proj/waiting',
  ]);
});

test('a removal takes a space with the tag, and a line of tags only goes altogether', () => {
  const outcome = editNoteTags('Text #a more\n#a\n#a end\nend #a\nkeep\n', remove('a'));
  expect(outcome.text).toBe('Text more\nend\nend\nkeep\n');
  expect(outcome.body).toHaveLength(4);
});

test('added tags go to the frontmatter; nothing to do changes nothing', () => {
  expect(editNoteTags('# T\n', () => undefined, ['x']).text).toBe('---\ntags:\n  - x\n---\n# T\n');
  expect(editNoteTags(NOTE, () => undefined).text).toBe(NOTE);
});
