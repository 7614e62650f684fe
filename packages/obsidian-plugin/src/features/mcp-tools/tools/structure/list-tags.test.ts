import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { listTags } from './list-tags.ts';

let vault: TestHost;
afterEach(() => vault.close());

const FILES = {
  'n1.md': 'body #Project/alpha',
  'n2.md': '#project/beta and again #PROJECT/BETA',
  'n3.md': '---\ntags: [project, "#other"]\n---\n',
  'n4.md': '```\n#incode\n```\n`#inline` #a/b/c',
  'board.canvas':
    '{"nodes":[{"id":"1","type":"text","text":"#canvas","x":0,"y":0,"width":1,"height":1}],"edges":[]}',
  '.hidden/h.md': '#secret',
};

describe('list_tags', () => {
  test('counts notes per tag, rolls nested tags up, groups case-insensitively, most used first', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(listTags, vault.host)).toEqual({
      tags: [
        { tag: 'Project', count: 3 },
        { tag: 'a', count: 1 },
        { tag: 'a/b', count: 1 },
        { tag: 'a/b/c', count: 1 },
        { tag: 'other', count: 1 },
        { tag: 'Project/alpha', count: 1 },
        { tag: 'project/beta', count: 1 },
      ],
      total: 7,
      truncated: false,
    });
  });

  test('sorts by name on request, and honours limit with the real total', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(listTags, vault.host, { sort: 'name', limit: 3 })).toEqual({
      tags: [
        { tag: 'a', count: 1 },
        { tag: 'a/b', count: 1 },
        { tag: 'a/b/c', count: 1 },
      ],
      total: 7,
      truncated: true,
    });
  });

  test('an untagged vault has no tags', async () => {
    vault = await openTestHost({ 'a.md': 'no tags' });
    expect(await runOk(listTags, vault.host)).toEqual({ tags: [], total: 0, truncated: false });
  });

  test.each([{ sort: 'size' }, { limit: 0 }, { tag: 'x' }])('refuses %p', async (args) => {
    vault = await openTestHost({ 'a.md': '' });
    expect((await runFail(listTags, vault.host, args)).code).toBe('invalid_arguments');
  });
});
