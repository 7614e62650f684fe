import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getBacklinks } from './get-backlinks.ts';

let vault: TestHost;
afterEach(() => vault.close());

const CANVAS = JSON.stringify({
  nodes: [{ id: '1', type: 'file', file: 'Topics/Target.md', x: 0, y: 0, width: 1, height: 1 }],
  edges: [],
});

const FILES = {
  'Topics/Target.md': '# Target',
  'A.md': '[[Target]] and [[Target#Heading]] and [[Other]]',
  'B.md': '---\nup: "[[Topics/Target]]"\n---\n![[Target]]',
  'board.canvas': CANVAS,
  'Other.md': 'no links to it',
  'C.md': '[[New]] [[new#part]]',
  'D.md': '[[Ideas/New]]',
  'E.md': '[[Elsewhere/New]] [[New.png]]',
  'Ideas/F.md': '[[./New]] [[../New]]',
  'Ideas/Sub/G.md': '[[../New.md]]',
  'H.md': '[[/New]]',
};

describe('get_backlinks', () => {
  test('files linking to a file with their link counts, most first', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getBacklinks, vault.host, { path: 'Topics/Target.md' })).toEqual({
      path: 'Topics/Target.md',
      exists: true,
      backlinks: [
        { source: 'A.md', count: 2, resolved: true },
        { source: 'B.md', count: 2, resolved: true },
        { source: 'board.canvas', count: 1, resolved: true },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('includeUnresolved finds the notes naming a note that does not exist yet', async () => {
    vault = await openTestHost(FILES);
    const expected = [
      { source: 'C.md', count: 2, resolved: false },
      { source: 'D.md', count: 1, resolved: false },
      { source: 'Ideas/F.md', count: 1, resolved: false },
      { source: 'Ideas/Sub/G.md', count: 1, resolved: false },
    ];
    for (const path of ['Ideas/New.md', 'Ideas/New', 'ideas/new.md']) {
      const result = await runOk(getBacklinks, vault.host, { path, includeUnresolved: true });
      expect(result).toMatchObject({ exists: false, backlinks: expected, total: 4 });
    }
    const atRoot = await runOk(getBacklinks, vault.host, {
      path: 'New.md',
      includeUnresolved: true,
    });
    expect(atRoot.backlinks).toEqual([
      { source: 'C.md', count: 2, resolved: false },
      { source: 'H.md', count: 1, resolved: false },
      { source: 'Ideas/F.md', count: 1, resolved: false },
    ]);
  });

  test('a file no one links to has no backlinks; limit cuts with the real total', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getBacklinks, vault.host, { path: 'C.md' })).toMatchObject({
      backlinks: [],
      total: 0,
    });
    expect(
      await runOk(getBacklinks, vault.host, { path: 'Topics/Target.md', limit: 1 }),
    ).toMatchObject({ backlinks: [{ source: 'A.md' }], total: 3, truncated: true });
  });

  test.each([
    ['a missing file without includeUnresolved', { path: 'Ideas/New.md' }, 'not_found'],
    ['a folder', { path: 'Topics', includeUnresolved: true }, 'not_a_file'],
    ['a traversal', { path: '../Target.md', includeUnresolved: true }, 'invalid_path'],
    ['a hidden path', { path: '.trash/x.md', includeUnresolved: true }, 'invalid_path'],
    ['a wrong flag type', { path: 'A.md', includeUnresolved: 1 }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost(FILES);
    const failure = await runFail(getBacklinks, vault.host, { ...args });
    expect(failure.code).toBe(code);
    if (code === 'not_found') expect(failure.message).toContain('includeUnresolved: true');
  });
});
