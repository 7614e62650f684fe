/**
 * The periodic note tools end to end: the real headless server over HTTP on a temp copy of the
 * test vault (core Daily Notes in "Journal/Daily" with a Templater template, no Periodic Notes
 * plugin), the official SDK client on both protocol lines, Periodic Notes settings written
 * into the copy's config folder, failures leaving the vault byte for byte unchanged, and
 * concurrent creators of one note.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  oneServerTest,
  PROTOCOL_LINES,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const TEMPLATE = 'Templates/Daily note.md';
const TOOLS = [
  'get_or_create_daily_note',
  'get_or_create_periodic_note',
  'append_to_periodic_note',
];

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** Today as YYYY-MM-DD in local time. */
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('the periodic note tools over HTTP', () => {
  test.each(PROTOCOL_LINES)(
    '%s: listed, and an existing daily note is read as it is',
    async (line) => {
      const lineClient = await t.connect(line);
      const names = (await lineClient.listTools()).tools.map((tool) => tool.name);
      for (const name of TOOLS) expect(names).toContain(name);
      const path = 'Journal/Daily/2026-05-05.md';
      const before = await snapshotVault(t.vault.root);
      const result = await callOk(lineClient, 'get_or_create_daily_note', { date: '2026-05-05' });
      expect(result).toMatchObject({ path, created: false, content: await t.readText(path) });
      expect(await snapshotVault(t.vault.root)).toEqual(before);
    },
  );

  test('a new daily note is made from the Templater template, left untouched', async () => {
    const result = await callOk(client, 'get_or_create_daily_note', { date: '2031-01-02' });
    const template = await t.readText(TEMPLATE);
    expect(template).toContain('<% tp.file.title %>');
    expect(result).toMatchObject({
      path: 'Journal/Daily/2031-01-02.md',
      created: true,
      content: template,
    });
    expect(await t.readText('Journal/Daily/2031-01-02.md')).toBe(template);
  });

  test('without a date it is today (local time)', async () => {
    const before = today();
    const { path } = await callOk(client, 'get_or_create_daily_note', {});
    const after = today();
    expect([`Journal/Daily/${before}.md`, `Journal/Daily/${after}.md`]).toContain(path as string);
  });

  test('weekly notes take the defaults until Periodic Notes is set up, then its settings', async () => {
    const weekly = await callOk(client, 'get_or_create_periodic_note', {
      period: 'weekly',
      date: '2025-06-18',
    });
    expect(weekly).toMatchObject({ path: '2025-W25.md', created: true, content: '' });
    const config = join(t.vault.root, '.obsidian');
    await mkdir(join(config, 'plugins/periodic-notes'), { recursive: true });
    await writeFile(
      join(config, 'plugins/periodic-notes/data.json'),
      JSON.stringify({
        monthly: {
          enabled: true,
          folder: 'Periodic/Months',
          format: 'YYYY/MMMM',
          template: 'Templates/Book',
        },
      }),
    );
    const plugins = JSON.parse(
      await readFile(join(config, 'community-plugins.json'), 'utf8'),
    ) as string[];
    await writeFile(
      join(config, 'community-plugins.json'),
      JSON.stringify([...plugins, 'periodic-notes']),
    );
    const monthly = await callOk(client, 'get_or_create_periodic_note', {
      period: 'monthly',
      date: '2025-06-18',
    });
    expect(monthly).toMatchObject({
      path: 'Periodic/Months/2025/June.md',
      created: true,
      content: await t.readText('Templates/Book.md'),
    });
  });

  test('append: under a heading of an existing note, and into a note it creates', async () => {
    const path = 'Journal/Daily/2026-05-06.md';
    const before = await t.readText(path);
    await callOk(client, 'append_to_periodic_note', {
      date: '2026-05-06',
      content: '- [ ] e2e task',
      underHeading: '2026-05-06::Tasks',
    });
    expect(await t.readText(path)).toBe(
      before.replace(
        '- [ ] Order more fleece\n\n## Due today',
        '- [ ] Order more fleece\n- [ ] e2e task\n\n## Due today',
      ),
    );
    const created = await callOk(client, 'append_to_periodic_note', {
      date: '2032-02-03',
      content: 'first line',
    });
    expect(created).toMatchObject({ path: 'Journal/Daily/2032-02-03.md', created: true });
    expect(await t.readText('Journal/Daily/2032-02-03.md')).toBe(
      `${await t.readText(TEMPLATE)}first line`,
    );
  });

  oneServerTest('20 concurrent calls from several clients create one note once', async () => {
    const clients = await t.connectMany(4);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        callOk(clients[index % clients.length] as Client, 'append_to_periodic_note', {
          period: 'yearly',
          date: '2040-05-05',
          content: `- entry ${index}`,
        }),
      ),
    );
    expect(results.filter((result) => result.created === true).length).toBe(1);
    const lines = (await t.readText('2040.md')).split('\n').sort();
    expect(lines).toEqual(Array.from({ length: 20 }, (_, index) => `- entry ${index}`).sort());
  });

  test.each([
    ['get_or_create_daily_note', { date: '2025-02-29' }, 'invalid_arguments'],
    ['get_or_create_periodic_note', { period: 'decade' }, 'invalid_arguments'],
    ['append_to_periodic_note', { content: '' }, 'invalid_arguments'],
    [
      'append_to_periodic_note',
      { date: '2033-01-01', content: 'x', underHeading: 'Tasks' },
      'heading_not_found',
    ],
    [
      'append_to_periodic_note',
      { date: '2026-05-04', content: 'x', expectedRevision: 'stale' },
      'precondition_failed',
    ],
  ] as const)('%s refuses %j and changes nothing', async (name, args, code) => {
    const before = await snapshotVault(t.vault.root);
    expect((await callFail(client, name, { ...args })).code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
