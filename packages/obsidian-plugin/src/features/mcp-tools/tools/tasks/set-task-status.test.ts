import { afterEach, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { localDate } from './services/done-date.ts';
import { setTaskStatus } from './set-task-status.ts';

let vault: TestHost;
afterEach(() => vault.close());

const text = (path: string) => readFile(join(vault.root, path), 'utf8');

/** The Tasks plugin enabled, with these settings. */
const tasksPlugin = (settings: Record<string, unknown>) => ({
  '.obsidian/community-plugins.json': JSON.stringify(['dataview', 'obsidian-tasks-plugin']),
  '.obsidian/plugins/obsidian-tasks-plugin/data.json': JSON.stringify(settings),
});

test('without the Tasks plugin or its fields: the box is ticked, no date, and the answer says why', async () => {
  vault = await openTestHost({ 'a.md': '# A\n- [ ] plain task\n' });
  const result = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 1, status: 'done' });
  expect(await text('a.md')).toBe('# A\n- [x] plain task\n');
  expect(result).toMatchObject({
    path: 'a.md',
    line: 1,
    status: 'x',
    previous: ' ',
    changed: true,
    doneDate: null,
    revision: revisionOf('# A\n- [x] plain task\n'),
  });
  expect(result.because).toContain('not enabled');
});

test("a note whose tasks use the Tasks plugin's emoji gets ✅ today, before the block id", async () => {
  vault = await openTestHost({
    'a.md': '- [ ] pay rent 📅 2026-01-05 ^rent\n- [ ] other\n',
  });
  const result = await runOk(setTaskStatus, vault.host, {
    path: 'a.md',
    blockId: '^rent',
    status: 'done',
  });
  const today = localDate();
  expect(await text('a.md')).toBe(`- [x] pay rent 📅 2026-01-05 ✅ ${today} ^rent\n- [ ] other\n`);
  expect(result).toMatchObject({ line: 0, doneDate: today });
  expect(result.because).toContain('emoji');
  await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 1, status: 'done' });
  expect(await text('a.md')).toContain(`- [x] other ✅ ${today}\n`);
  const reopened = await runOk(setTaskStatus, vault.host, {
    path: 'a.md',
    line: 0,
    status: 'open',
  });
  expect(reopened).not.toHaveProperty('because');
  expect(await text('a.md')).toBe(`- [ ] pay rent 📅 2026-01-05 ^rent\n- [x] other ✅ ${today}\n`);
});

test("the Tasks plugin's settings decide: its global filter, its format, setDoneDate", async () => {
  vault = await openTestHost({
    ...tasksPlugin({ globalFilter: '#task', taskFormat: 'dataview' }),
    'a.md': '- [ ] #task with the filter\n- [ ] without it\n',
    'b.md': '- [ ] plain\n',
    '.obsidian/plugins/other/data.json': '{}',
  });
  const today = localDate();
  const withFilter = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 0, status: 'x' });
  const without = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 1, status: 'X' });
  expect(await text('a.md')).toBe(
    `- [x] #task with the filter [completion:: ${today}]\n- [X] without it\n`,
  );
  expect(withFilter.because).toContain('Tasks plugin is enabled');
  expect(without).toMatchObject({ doneDate: null });
  expect(without.because).toContain('#task');
});

test('setDoneDate off: no date even for a note in emoji format', async () => {
  vault = await openTestHost({
    ...tasksPlugin({ setDoneDate: false }),
    'a.md': '- [ ] due soon 📅 2026-01-05\n',
  });
  const result = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 0, status: 'done' });
  expect(await text('a.md')).toBe('- [x] due soon 📅 2026-01-05\n');
  expect(result.because).toContain('set not to add');
});

test('a recurring task is completed and the answer says its next occurrence was not made', async () => {
  vault = await openTestHost({ 'a.md': '- [ ] water 🔁 every week 📅 2026-01-05\n' });
  const result = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 0, status: 'done' });
  expect(result.because).toContain('next occurrence was not created');
});

test('any one character; the same status again changes nothing; CRLF stays', async () => {
  vault = await openTestHost({ 'a.md': '- [ ] a\r\n  - [ ] b\r\n' });
  await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 1, status: '/' });
  expect(await text('a.md')).toBe('- [ ] a\r\n  - [/] b\r\n');
  const again = await runOk(setTaskStatus, vault.host, { path: 'a.md', line: 1, status: '/' });
  expect(again).toMatchObject({ changed: false, previous: '/' });
});

test('refusals: no task there, both or neither of line and blockId, a bad status, a stale revision', async () => {
  const note = '# A\n- [ ] task ^t\n\nplain ^p\n';
  vault = await openTestHost({ 'a.md': note, 'c.canvas': '{}' });
  const fail = (args: Record<string, unknown>) =>
    runFail(setTaskStatus, vault.host, { path: 'a.md', status: 'done', ...args });
  expect(await fail({ line: 0 })).toMatchObject({ code: 'task_not_found', details: { line: 0 } });
  expect((await fail({ blockId: 'p' })).code).toBe('task_not_found');
  expect((await fail({ line: 1, blockId: 't' })).code).toBe('invalid_arguments');
  expect((await fail({})).code).toBe('invalid_arguments');
  expect((await fail({ line: 1, status: 'finished' })).code).toBe('invalid_arguments');
  expect((await fail({ line: 1, status: ']' })).code).toBe('invalid_arguments');
  expect((await fail({ line: 1, expectedRevision: revisionOf('old') })).code).toBe(
    'precondition_failed',
  );
  expect(
    (await runFail(setTaskStatus, vault.host, { path: 'c.canvas', line: 0, status: 'done' })).code,
  ).toBe('unsupported');
  expect(await text('a.md')).toBe(note);
});
