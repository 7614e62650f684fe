import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getFilesByTag } from './get-files-by-tag.ts';

let vault: TestHost;
afterEach(() => vault.close());

const FILES = {
  'b.md': 'body #Project/alpha #misc',
  'a.md': '---\ntags: [project]\n---\n#project/beta',
  'c.md': '#projects #proj',
  'Sub/d.md': '#PROJECT',
  'e.md': '```\n#project\n```',
  '.hidden/h.md': '#project',
};

describe('get_files_by_tag', () => {
  test('matches the tag and the tags nested under it, with or without "#", in any case', async () => {
    vault = await openTestHost(FILES);
    const expected = {
      tag: 'project',
      files: [
        { path: 'a.md', tags: ['project', 'project/beta'] },
        { path: 'b.md', tags: ['Project/alpha'] },
        { path: 'Sub/d.md', tags: ['PROJECT'] },
      ],
      total: 3,
      truncated: false,
    };
    expect(await runOk(getFilesByTag, vault.host, { tag: 'project' })).toEqual(expected);
    expect(await runOk(getFilesByTag, vault.host, { tag: '#Project' })).toEqual(expected);
  });

  test('includeNested false matches only the tag itself', async () => {
    vault = await openTestHost(FILES);
    const result = await runOk(getFilesByTag, vault.host, { tag: 'project', includeNested: false });
    expect(result.files).toEqual([
      { path: 'a.md', tags: ['project'] },
      { path: 'Sub/d.md', tags: ['PROJECT'] },
    ]);
  });

  test('a nested query matches that branch only; an unknown tag matches nothing', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getFilesByTag, vault.host, { tag: 'PROJECT/ALPHA/' })).toMatchObject({
      tag: 'project/alpha',
      files: [{ path: 'b.md', tags: ['Project/alpha'] }],
    });
    expect(await runOk(getFilesByTag, vault.host, { tag: 'nothing' })).toEqual({
      tag: 'nothing',
      files: [],
      total: 0,
      truncated: false,
    });
  });

  test('limit cuts the list and keeps the real total', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getFilesByTag, vault.host, { tag: 'project', limit: 1 })).toMatchObject({
      files: [{ path: 'a.md' }],
      total: 3,
      truncated: true,
    });
  });

  test.each([{ tag: '#' }, { tag: '  ' }, { tag: 5 }, {}, { tag: 'x', includeNested: 'yes' }])(
    'refuses %p',
    async (args) => {
      vault = await openTestHost({ 'a.md': '#x' });
      expect((await runFail(getFilesByTag, vault.host, args)).code).toBe('invalid_arguments');
    },
  );
});
