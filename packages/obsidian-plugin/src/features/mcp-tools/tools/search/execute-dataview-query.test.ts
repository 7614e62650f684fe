import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import type { DataviewAccess } from '../../../../host/vault-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { executeDataviewQuery } from './execute-dataview-query.ts';
import {
  FakeLink,
  FakeListPair,
  dataview,
  fakeDateTime,
  hostWithDataview,
  type DataviewCall,
} from './test-support/dataview-double.ts';
import { overrideHost } from '../../../../host/test-support/host-double.ts';

let vault: TestHost;
beforeEach(async () => {
  vault = await openTestHost({ 'Projects/Home.md': '# Home', 'Projects/Alpha.md': 'alpha' });
});
afterEach(() => vault.close());

const link = (path: string) => new FakeLink({ path });
const query = (access: DataviewAccess, args: Record<string, unknown>) =>
  runOk(executeDataviewQuery, hostWithDataview(vault.host, access), args);
const fail = (access: DataviewAccess, args: Record<string, unknown>) =>
  runFail(executeDataviewQuery, hostWithDataview(vault.host, access), args);

/** A task as Dataview hands it back: the page's own data is copied into it. */
function task(line: number, text: string, extra: Record<string, unknown> = {}) {
  return {
    symbol: '-',
    link: link('Projects/Alpha.md'),
    section: link('Projects/Alpha.md'),
    path: 'Projects/Alpha.md',
    line,
    lineCount: 1,
    position: { start: { line, col: 0, offset: 0 }, end: { line, col: 9, offset: 9 } },
    list: 0,
    outlinks: [],
    text,
    tags: ['#work'],
    task: true,
    status: ' ',
    checked: false,
    completed: false,
    fullyCompleted: false,
    children: [],
    subtasks: [],
    real: true,
    header: link('Projects/Alpha.md'),
    file: { path: 'Projects/Alpha.md', lists: ['...the whole page...'], tasks: ['...'] },
    ...extra,
  };
}

describe('execute_dataview_query results', () => {
  test('TABLE: headers and rows of plain values; the query runs from sourcePath', async () => {
    const calls: DataviewCall[] = [];
    const access = dataview.succeeding(
      {
        type: 'table',
        headers: ['File', 'due'],
        values: [
          [link('Projects/Alpha.md'), fakeDateTime('2024-07-21T00:00:00.000+00:00')],
          [link('Projects/Home.md'), null],
        ],
        idMeaning: { type: 'path' },
      },
      calls,
    );
    const source = 'TABLE due FROM "Projects"';
    expect(await query(access, { query: source, sourcePath: 'Projects/Home.md' })).toEqual({
      type: 'table',
      headers: ['File', 'due'],
      rows: [
        [
          { path: 'Projects/Alpha.md', embed: false, type: 'file' },
          '2024-07-21T00:00:00.000+00:00',
        ],
        [{ path: 'Projects/Home.md', embed: false, type: 'file' }, null],
      ],
      total: 2,
      truncated: false,
    });
    expect(calls).toEqual([{ source, originFile: 'Projects/Home.md' }]);
  });

  test('LIST: plain items, or {key, value} pairs when the ID is shown with an expression', async () => {
    const plain = dataview.succeeding({ type: 'list', values: [link('Projects/Alpha.md')] });
    expect(await query(plain, { query: 'LIST' })).toEqual({
      type: 'list',
      items: [{ path: 'Projects/Alpha.md', embed: false, type: 'file' }],
      total: 1,
      truncated: false,
    });
    const pairs = dataview.succeeding({
      type: 'list',
      values: [new FakeListPair(link('Projects/Alpha.md'), 42)],
    });
    expect(await query(pairs, { query: 'LIST size' })).toMatchObject({
      items: [{ key: { path: 'Projects/Alpha.md' }, value: 42 }],
    });
  });

  test('TASK: the task fields and children only, in groups when grouped', async () => {
    const child = { ...task(4, 'sub item'), task: false, status: undefined };
    const parent = task(3, 'Write report', {
      due: fakeDateTime('2024-08-01T00:00:00.000+00:00'),
      children: [child],
    });
    const grouped = dataview.succeeding({
      type: 'task',
      values: [{ key: link('Projects/Alpha.md'), rows: [parent] }],
    });
    expect(await query(grouped, { query: 'TASK GROUP BY file.link' })).toEqual({
      type: 'task',
      tasks: [
        {
          key: { path: 'Projects/Alpha.md', embed: false, type: 'file' },
          rows: [
            {
              path: 'Projects/Alpha.md',
              line: 3,
              text: 'Write report',
              task: true,
              status: ' ',
              checked: false,
              completed: false,
              fullyCompleted: false,
              tags: ['#work'],
              due: '2024-08-01T00:00:00.000+00:00',
              children: [
                {
                  path: 'Projects/Alpha.md',
                  line: 4,
                  text: 'sub item',
                  task: false,
                  tags: ['#work'],
                  children: [],
                },
              ],
            },
          ],
        },
      ],
      total: 1,
      truncated: false,
    });
  });

  test('CALENDAR: date and link per entry', async () => {
    const access = dataview.succeeding({
      type: 'calendar',
      values: [{ date: fakeDateTime('2024-07-21T00:00:00.000Z'), link: link('Projects/Home.md') }],
    });
    expect(await query(access, { query: 'CALENDAR file.mtime' })).toEqual({
      type: 'calendar',
      entries: [
        {
          date: '2024-07-21T00:00:00.000Z',
          link: { path: 'Projects/Home.md', embed: false, type: 'file' },
        },
      ],
      total: 1,
      truncated: false,
    });
  });

  test('limit pages the rows; rows past 100 KB are cut with a hint', async () => {
    const many = dataview.succeeding({
      type: 'list',
      values: Array.from({ length: 5 }, (_, i) => i),
    });
    expect(await query(many, { query: 'LIST', limit: 2 })).toEqual({
      type: 'list',
      items: [0, 1],
      total: 5,
      truncated: true,
    });
    const big = 'x'.repeat(40 * 1024);
    const heavy = dataview.succeeding({ type: 'list', values: [big, big, big, big] });
    const result = await query(heavy, { query: 'LIST' });
    expect(result).toMatchObject({ total: 4, truncated: true });
    expect(result.hint).toContain('100 KB');
    expect((result.items as unknown[]).length).toBe(2);
  });
});

describe('execute_dataview_query failures', () => {
  test('headless: Dataview is never there, and the message says what to use instead', async () => {
    const failure = await runFail(executeDataviewQuery, vault.host, { query: 'LIST' });
    expect(failure.code).toBe('dataview_not_installed');
    expect(failure.message).toContain('jsonlogic');
  });

  test('not installed in Obsidian: the message says to install and enable Dataview', async () => {
    const inObsidian = overrideHost(vault.host, {
      kind: 'plugin',
      dataview: () => dataview.notInstalled(),
    });
    const failure = await runFail(executeDataviewQuery, inObsidian, { query: 'LIST' });
    expect(failure.code).toBe('dataview_not_installed');
    expect(failure.message).toMatch(/install and enable Dataview/i);
  });

  test('still indexing: dataview_not_ready, retry shortly', async () => {
    const failure = await fail(dataview.notReady(), { query: 'LIST' });
    expect(failure.code).toBe('dataview_not_ready');
    expect(failure.message).toContain('retry');
  });

  test("a rejected or throwing query: dataview_query_failed with Dataview's message", async () => {
    const parseError = 'Expected one of the following: \n\n- TABLE or LIST or TASK or CALENDAR';
    const rejected = await fail(dataview.failing(parseError), { query: 'SELECT *' });
    expect(rejected).toMatchObject({
      code: 'dataview_query_failed',
      details: { error: parseError },
    });
    expect(rejected.message).toContain('Expected one of the following');
    const thrown = await fail(dataview.throwing('index exploded'), { query: 'LIST' });
    expect(thrown.code).toBe('dataview_query_failed');
    expect(thrown.message).toContain('index exploded');
  });

  test('an unknown result type is reported, not passed through', async () => {
    const failure = await fail(dataview.succeeding({ type: 'gantt', values: [] }), { query: 'X' });
    expect(failure.code).toBe('dataview_query_failed');
  });

  test('sourcePath must be an existing file in the vault; nothing changes', async () => {
    const before = await snapshotVault(vault.root);
    const calls: DataviewCall[] = [];
    const access = dataview.succeeding({ type: 'list', values: [] }, calls);
    expect((await fail(access, { query: 'LIST', sourcePath: 'Missing.md' })).code).toBe(
      'not_found',
    );
    expect((await fail(access, { query: 'LIST', sourcePath: '../x.md' })).code).toBe(
      'invalid_path',
    );
    expect((await fail(access, { query: 'LIST', limit: 0 })).code).toBe('invalid_arguments');
    expect(calls).toEqual([]);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
