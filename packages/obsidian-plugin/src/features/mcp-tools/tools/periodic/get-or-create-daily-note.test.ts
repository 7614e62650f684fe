import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk, runTool } from '../../test-support/run-tool.ts';
import { getOrCreateDailyNoteTool } from './get-or-create-daily-note.ts';

/** Sunday 21 July 2024, 09:05 local time: "today" for every test here. */
const clock = () => new Date(2024, 6, 21, 9, 5, 0);
const tool = getOrCreateDailyNoteTool(clock);

const TEMPLATE = '# {{title}}\nCreated {{date:dddd}} at {{time}}\n<% tp.file.title %>\n';
const SETTINGS = {
  '.obsidian/daily-notes.json': JSON.stringify({ folder: 'Journal', template: 'Templates/Day' }),
  'Templates/Day.md': TEMPLATE,
};

let vault: TestHost;
afterEach(() => vault.close());

const disk = (path: string) => readFile(join(vault.root, path), 'utf8');

describe('get_or_create_daily_note', () => {
  test("creates today's note from the template (a path without .md) in the configured folder", async () => {
    vault = await openTestHost(SETTINGS);
    const expected = '# 2024-07-21\nCreated Sunday at 09:05\n<% tp.file.title %>\n';
    expect(await runOk(tool, vault.host)).toEqual({
      path: 'Journal/2024-07-21.md',
      created: true,
      content: expected,
      revision: revisionOf(expected),
    });
    expect(await disk('Journal/2024-07-21.md')).toBe(expected);
  });

  test('an existing note is returned as it is, never rewritten', async () => {
    vault = await openTestHost({ ...SETTINGS, 'Journal/2024-07-20.md': 'kept' });
    const before = await snapshotVault(vault.root);
    expect(await runOk(tool, vault.host, { date: '2024-07-20' })).toEqual({
      path: 'Journal/2024-07-20.md',
      created: false,
      content: 'kept',
      revision: revisionOf('kept'),
    });
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test('a second call finds the note the first created', async () => {
    vault = await openTestHost(SETTINGS);
    const first = await runOk(tool, vault.host, { date: '2025-01-31' });
    expect(await runOk(tool, vault.host, { date: '2025-01-31' })).toEqual({
      ...first,
      created: false,
    });
  });

  test('folders inside the format are created; {{title}} is the file name', async () => {
    vault = await openTestHost({
      '.obsidian/daily-notes.json': '{"format":"YYYY/MM-MMMM/YYYY-MM-DD ddd","template":"t.md"}',
      't.md': '{{title}}|{{date}}',
    });
    const result = await runOk(tool, vault.host, { date: '2023-01-05' });
    expect(result).toMatchObject({
      path: '2023/01-January/2023-01-05 Thu.md',
      content: '2023-01-05 Thu|2023/01-January/2023-01-05 Thu',
    });
  });

  test('no settings at all: the vault root, YYYY-MM-DD, an empty note', async () => {
    vault = await openTestHost({});
    expect(await runOk(tool, vault.host)).toMatchObject({ path: '2024-07-21.md', content: '' });
  });

  test('a template that cannot be found gives an empty note and a warning', async () => {
    vault = await openTestHost({ '.obsidian/daily-notes.json': '{"template":"Gone/Daily"}' });
    const result = await runOk(tool, vault.host);
    expect(result).toMatchObject({ path: '2024-07-21.md', created: true, content: '' });
    expect(result.warning).toContain('Gone/Daily');
    expect(await disk('2024-07-21.md')).toBe('');
  });

  test('20 concurrent calls for one day create the note once', async () => {
    vault = await openTestHost(SETTINGS);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => runOk(tool, vault.host, { date: '2024-02-29' })),
    );
    expect(results.filter((result) => result.created === true).length).toBe(1);
    expect(new Set(results.map((result) => result.revision)).size).toBe(1);
    expect(await disk('Journal/2024-02-29.md')).toBe(results[0]?.content as string);
  });

  test.each([
    ['a date that is no calendar day', { date: '2024-02-30' }, 'invalid_arguments'],
    ['a date in another format', { date: '21.07.2024' }, 'invalid_arguments'],
    ['an unknown argument', { day: '2024-07-21' }, 'invalid_arguments'],
  ] as const)('refuses %s and creates nothing', async (_name, args, code) => {
    vault = await openTestHost(SETTINGS);
    const before = await snapshotVault(vault.root);
    expect((await runFail(tool, vault.host, { ...args })).code).toBe(code);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test.each([
    ['a folder leaving the vault', '{"folder":"../outside"}'],
    ['a folder in the config folder', '{"folder":".obsidian/x"}'],
    ['a format that names no file', '{"format":"[/]"}'],
    ['broken JSON', '{"folder":'],
  ])('settings with %s are invalid_config, and nothing is created', async (_name, settings) => {
    vault = await openTestHost({ '.obsidian/daily-notes.json': settings });
    const before = await snapshotVault(vault.root);
    const failure = await runFail(tool, vault.host);
    expect(failure.code).toBe('invalid_config');
    expect(failure.message).toContain('.obsidian/daily-notes.json');
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test('uses the clock it was given for "today"', async () => {
    vault = await openTestHost({});
    const result = await runTool(
      getOrCreateDailyNoteTool(() => new Date(1999, 11, 31, 23, 59)),
      vault.host,
    );
    expect(result.structuredContent).toMatchObject({ path: '1999-12-31.md' });
  });
});
