import { afterEach, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { renameTag } from './rename-tag.ts';

let vault: TestHost;
afterEach(() => vault.close());

const text = (path: string) => readFile(join(vault.root, path), 'utf8');

const FILES = {
  'a.md': '---\ntags:\n  - Proj\n  - keep\n---\n# A #proj/active\n\n`#proj` stays in code.\n',
  'b.md': '---\ntags: "#proj/x"\n---\nSee [link](https://x.org/#proj) and #project.\n',
  'c.md': 'Nothing here but #project and #other.\n',
};

test('a dry run lists each note with what would change and writes nothing', async () => {
  vault = await openTestHost(FILES);
  const before = await snapshotVault(vault.root);
  const result = await runOk(renameTag, vault.host, { from: '#proj', to: 'work' });
  expect(result).toEqual({
    from: 'proj',
    to: 'work',
    dryRun: true,
    notesChanged: 2,
    tagsChanged: 3,
    notes: [
      { path: 'a.md', revision: revisionOf(FILES['a.md']), frontmatter: 1, body: 1 },
      { path: 'b.md', revision: revisionOf(FILES['b.md']), frontmatter: 1, body: 0 },
    ],
    total: 2,
    truncated: false,
  });
  expect(await snapshotVault(vault.root)).toEqual(before);
});

test('applying renames nested tags, frontmatter and inline, and never code, links or #project', async () => {
  vault = await openTestHost(FILES);
  const result = await runOk(renameTag, vault.host, { from: 'proj', to: 'work', dryRun: false });
  expect(result).toMatchObject({ dryRun: false, notesChanged: 2, tagsChanged: 3 });
  expect(await text('a.md')).toBe(
    '---\ntags:\n  - work\n  - keep\n---\n# A #work/active\n\n`#proj` stays in code.\n',
  );
  expect(await text('b.md')).toBe(
    '---\ntags: "#work/x"\n---\nSee [link](https://x.org/#proj) and #project.\n',
  );
  expect(await text('c.md')).toBe(FILES['c.md']);
});

test('renaming into a tag a note already lists keeps one entry', async () => {
  vault = await openTestHost({ 'a.md': '---\ntags: [old, new]\n---\n' });
  await runOk(renameTag, vault.host, { from: 'old', to: 'new', dryRun: false });
  expect(await text('a.md')).toBe('---\ntags: [new]\n---\n');
});

test('names that are not tags, and the same name twice, are refused', async () => {
  vault = await openTestHost(FILES);
  expect((await runFail(renameTag, vault.host, { from: 'a b', to: 'c' })).code).toBe(
    'invalid_arguments',
  );
  expect((await runFail(renameTag, vault.host, { from: 'a', to: '123' })).code).toBe(
    'invalid_arguments',
  );
  expect((await runFail(renameTag, vault.host, { from: '#a', to: 'a' })).code).toBe(
    'invalid_arguments',
  );
});
