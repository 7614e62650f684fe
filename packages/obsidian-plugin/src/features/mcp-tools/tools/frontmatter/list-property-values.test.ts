import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { listPropertyValues } from './list-property-values.ts';

const note = (yaml: string) => `---\n${yaml}\n---\nBody\n`;

const VAULT = {
  'a.md': note('status: done\ntags: [x, y]\nprio: 1'),
  'b.md': note('status: open\ntags:\n  - x\n  - x\nprio: "1"'),
  'Projects/c.md': note('status: done\ntags: [y]\nprio: 2'),
  'Projects/d.md': note('status:\ntags: []'),
  'Projects/Deep/e.md': note('status: done\ndue: 2024-07-21'),
  'plain.md': 'No frontmatter\n',
  'board.canvas': '{"nodes":[],"edges":[]}',
  '.hidden/f.md': note('status: done'),
  'Projects.md': note('status: open'),
};

let vault: TestHost;
afterEach(() => vault.close());

const list = (args: Record<string, unknown>) => runOk(listPropertyValues, vault.host, { ...args });

describe('list_property_values', () => {
  test('counts notes per value, most used first', async () => {
    vault = await openTestHost(VAULT);
    expect(await list({ key: 'status' })).toEqual({
      key: 'status',
      folder: '',
      notes: 6,
      values: [
        { value: 'done', count: 3 },
        { value: 'open', count: 2 },
        { value: null, count: 1 },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('list items count one by one, once per note', async () => {
    vault = await openTestHost(VAULT);
    expect(await list({ key: 'tags' })).toMatchObject({
      notes: 4,
      values: [
        { value: 'x', count: 2 },
        { value: 'y', count: 2 },
      ],
    });
  });

  test('values are told apart by type; ties sort by value, numbers before strings', async () => {
    vault = await openTestHost(VAULT);
    expect((await list({ key: 'prio' })).values).toEqual([
      { value: 1, count: 1 },
      { value: 2, count: 1 },
      { value: '1', count: 1 },
    ]);
  });

  test('booleans sort before numbers and strings; YAML 1.2 reads "yes" as a string', async () => {
    vault = await openTestHost({
      'a.md': note('flag: yes'),
      'b.md': note('flag: true'),
      'c.md': note('flag: false'),
      'd.md': note('flag: 0'),
      'e.md': note('flag: {nested: 1}'),
    });
    expect((await list({ key: 'flag' })).values).toEqual([
      { value: false, count: 1 },
      { value: true, count: 1 },
      { value: 0, count: 1 },
      { value: 'yes', count: 1 },
      { value: { nested: 1 }, count: 1 },
    ]);
  });

  test('dates stay strings', async () => {
    vault = await openTestHost(VAULT);
    expect((await list({ key: 'due' })).values).toEqual([{ value: '2024-07-21', count: 1 }]);
  });

  test('folder limits the notes to that folder and its subfolders (not a same-named note)', async () => {
    vault = await openTestHost(VAULT);
    expect(await list({ key: 'status', folder: 'Projects' })).toMatchObject({
      folder: 'Projects',
      notes: 3,
      values: [
        { value: 'done', count: 2 },
        { value: null, count: 1 },
      ],
    });
    expect(await list({ key: 'status', folder: '/' })).toMatchObject({ folder: '', notes: 6 });
  });

  test('a key no note has gives an empty list', async () => {
    vault = await openTestHost(VAULT);
    expect(await list({ key: 'nobody' })).toMatchObject({ notes: 0, values: [], total: 0 });
  });

  test('limit cuts the list and keeps the real total', async () => {
    vault = await openTestHost(VAULT);
    expect(await list({ key: 'status', limit: 1 })).toMatchObject({
      values: [{ value: 'done', count: 3 }],
      total: 3,
      truncated: true,
    });
  });

  test.each([
    ['a missing folder', { key: 'status', folder: 'Nope' }, 'not_found'],
    ['a file given as folder', { key: 'status', folder: 'a.md' }, 'not_a_folder'],
    ['a hidden folder', { key: 'status', folder: '.hidden' }, 'invalid_path'],
    ['a traversal', { key: 'status', folder: '../x' }, 'invalid_path'],
    ['an empty key', { key: '' }, 'invalid_arguments'],
    ['a key with a line break', { key: 'a\nb' }, 'invalid_arguments'],
    ['a zero limit', { key: 'status', limit: 0 }, 'invalid_arguments'],
    ['an unknown argument', { key: 'status', path: 'a.md' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost(VAULT);
    expect((await runFail(listPropertyValues, vault.host, { ...args })).code).toBe(code);
  });
});
