import { afterEach, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { updateNoteTags } from './update-note-tags.ts';

let vault: TestHost;
afterEach(() => vault.close());

const text = (path: string) => readFile(join(vault.root, path), 'utf8');
const NOTE =
  '---\ntitle: Plan\ntags:\n  - garden\n  - Old\n---\n# Plan #old\n\nSow #beans and #old/sub.\n';

test('adds to the frontmatter, removes from both, and says where each tag was', async () => {
  vault = await openTestHost({ 'a.md': NOTE });
  const result = await runOk(updateNoteTags, vault.host, {
    path: 'a.md',
    add: ['#compost', 'GARDEN', 'beans'],
    remove: ['old', 'missing'],
  });
  const after =
    '---\ntitle: Plan\ntags:\n  - garden\n  - compost\n---\n# Plan\n\nSow #beans and #old/sub.\n';
  expect(await text('a.md')).toBe(after);
  expect(result).toEqual({
    path: 'a.md',
    added: ['compost'],
    alreadyPresent: ['GARDEN', 'beans'],
    removed: [{ tag: 'old', from: ['frontmatter', 'body'] }],
    notFound: ['missing'],
    changed: true,
    revision: revisionOf(after),
  });
});

test('a note without frontmatter gains one; the same call again changes nothing', async () => {
  vault = await openTestHost({ 'b.md': '# B\n' });
  await runOk(updateNoteTags, vault.host, { path: 'b.md', add: ['x/y'] });
  expect(await text('b.md')).toBe('---\ntags:\n  - x/y\n---\n# B\n');
  expect(await runOk(updateNoteTags, vault.host, { path: 'b.md', add: ['x/y'] })).toMatchObject({
    added: [],
    alreadyPresent: ['x/y'],
    changed: false,
  });
});

test('refusals: not a tag, nothing to do, one tag in both lists, invalid YAML, a stale revision', async () => {
  vault = await openTestHost({
    'a.md': NOTE,
    'bad.md': '---\ntags: [a\n---\n#a\n',
    'c.canvas': '{}',
  });
  const fail = async (args: Record<string, unknown>) =>
    (await runFail(updateNoteTags, vault.host, { path: 'a.md', ...args })).code;
  expect(await fail({ add: ['two words'] })).toBe('invalid_arguments');
  expect(await fail({ add: ['2024'] })).toBe('invalid_arguments');
  expect(await fail({})).toBe('invalid_arguments');
  expect(await fail({ add: ['a'], remove: ['#A'] })).toBe('invalid_arguments');
  expect(await fail({ add: ['x'], expectedRevision: revisionOf('old') })).toBe(
    'precondition_failed',
  );
  expect(await fail({ path: 'bad.md', add: ['b'] })).toBe('invalid_frontmatter');
  expect(await fail({ path: 'c.canvas', add: ['b'] })).toBe('unsupported');
  expect(await text('a.md')).toBe(NOTE);
  // Invalid YAML holds no tags Obsidian reads, so a removal still reaches the body.
  await runOk(updateNoteTags, vault.host, { path: 'bad.md', remove: ['a'] });
  expect(await text('bad.md')).toBe('---\ntags: [a\n---\n');
});
