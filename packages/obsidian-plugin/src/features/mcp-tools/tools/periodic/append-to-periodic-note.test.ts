import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { appendToPeriodicNoteTool } from './append-to-periodic-note.ts';

/** Monday 3 March 2025: "today" for every test here. */
const tool = appendToPeriodicNoteTool(() => new Date(2025, 2, 3, 8, 0));

const TEMPLATE = '# {{title}}\n\n## Log\n\n## Tasks\n- [ ] plan\n';
const SETTINGS = {
  '.obsidian/daily-notes.json': '{"folder":"Daily","template":"Templates/Daily.md"}',
  'Templates/Daily.md': TEMPLATE,
};
const TODAY = 'Daily/2025-03-03.md';

let vault: TestHost;
afterEach(() => vault.close());

const disk = (path: string) => readFile(join(vault.root, path), 'utf8');
const append = (args: Record<string, unknown>) => runOk(tool, vault.host, args);

describe('append_to_periodic_note', () => {
  test("appends on a new line to today's daily note", async () => {
    vault = await openTestHost({ ...SETTINGS, [TODAY]: 'first' });
    const result = await append({ content: 'second' });
    expect(await disk(TODAY)).toBe('first\nsecond');
    expect(result).toEqual({ path: TODAY, created: false, revision: revisionOf('first\nsecond') });
  });

  test('a missing note is created from its template with the content, in one write', async () => {
    vault = await openTestHost(SETTINGS);
    const result = await append({ content: '- met Ann' });
    const expected = `${TEMPLATE.replace('{{title}}', '2025-03-03')}- met Ann`;
    expect(await disk(TODAY)).toBe(expected);
    expect(result).toEqual({ path: TODAY, created: true, revision: revisionOf(expected) });
  });

  test('underHeading appends at the end of that section, on a new note too', async () => {
    vault = await openTestHost(SETTINGS);
    await append({ content: 'woke up', underHeading: '2025-03-03::Log' });
    await append({ content: '- [ ] call Bob', underHeading: '2025-03-03::Tasks' });
    expect(await disk(TODAY)).toBe(
      '# 2025-03-03\n\n## Log\nwoke up\n\n## Tasks\n- [ ] plan\n- [ ] call Bob\n',
    );
  });

  test('a missing heading is added at the end of the note', async () => {
    vault = await openTestHost({ ...SETTINGS, [TODAY]: '# Day\ntext\n' });
    await append({ content: 'idea', underHeading: 'Ideas' });
    expect(await disk(TODAY)).toBe('# Day\ntext\n\n# Ideas\nidea\n');
  });

  test('other periods and dates: the weekly note of a past date', async () => {
    vault = await openTestHost({});
    expect(await append({ period: 'weekly', date: '2025-01-01', content: 'review' })).toMatchObject(
      { path: '2025-W01.md', created: true },
    );
    expect(await disk('2025-W01.md')).toBe('review');
  });

  test('expectedRevision guards an existing note', async () => {
    vault = await openTestHost({ ...SETTINGS, [TODAY]: 'v1' });
    const stale = await runFail(tool, vault.host, { content: 'x', expectedRevision: 'old' });
    expect(stale).toMatchObject({
      code: 'precondition_failed',
      details: { currentRevision: revisionOf('v1') },
    });
    expect(await disk(TODAY)).toBe('v1');
    await append({ content: 'v2', expectedRevision: revisionOf('v1') });
    expect(await disk(TODAY)).toBe('v1\nv2');
  });

  test('20 concurrent appends to a missing note: created once, nothing lost', async () => {
    vault = await openTestHost(SETTINGS);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => append({ content: `- entry ${index}` })),
    );
    expect(results.filter((result) => result.created === true).length).toBe(1);
    const text = await disk(TODAY);
    expect(text.startsWith(TEMPLATE.replace('{{title}}', '2025-03-03'))).toBe(true);
    const entries = text.split('\n').filter((line) => line.startsWith('- entry '));
    expect(entries.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `- entry ${i}`).sort());
  });

  test.each([
    ['empty content', { content: ' \n' }, 'invalid_arguments'],
    ['no content', {}, 'invalid_arguments'],
    ['a bad period', { content: 'x', period: 'daily ' }, 'invalid_arguments'],
    ['a bad date', { content: 'x', date: '2025-3-3' }, 'invalid_arguments'],
    [
      'a heading that exists under another parent',
      { content: 'x', underHeading: 'Log' },
      'heading_not_found',
    ],
    [
      'a heading path with an empty part',
      { content: 'x', underHeading: 'A::' },
      'invalid_arguments',
    ],
    [
      'expectedRevision for a note that does not exist',
      { content: 'x', expectedRevision: revisionOf('') },
      'precondition_failed',
    ],
  ] as const)('refuses %s and creates nothing', async (_name, args, code) => {
    vault = await openTestHost(SETTINGS);
    const before = await snapshotVault(vault.root);
    expect((await runFail(tool, vault.host, { ...args })).code).toBe(code);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test('a failed heading append leaves an existing note unchanged and names the full path', async () => {
    vault = await openTestHost({ ...SETTINGS, [TODAY]: '# 2025-03-03\n## Log\nx\n' });
    const failure = await runFail(tool, vault.host, { content: 'y', underHeading: 'Log' });
    expect(failure.message).toContain('"2025-03-03::Log"');
    expect(await disk(TODAY)).toBe('# 2025-03-03\n## Log\nx\n');
  });
});
