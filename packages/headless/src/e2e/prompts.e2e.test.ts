/**
 * Prompts end to end: the real server over HTTP on a temp copy of the test vault, whose Prompts/
 * folder holds four prompt notes (tagged in frontmatter as a list and as a string, or inline), an
 * untagged note and a tagged draft in a subfolder, neither of them a prompt. The official SDK
 * client on both protocol lines: prompts/list and prompts/get (arguments, embeds resolved in the
 * real vault, Templater code untouched), the InvalidParams errors, hidden folders, the capability
 * on each line, and notifications/prompts/list_changed on a 2026-07-28 listen stream when a
 * prompt note is added, retagged, renamed or deleted through the tools.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import {
  PROTOCOL_LINES,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';
import { waitFor } from '@mcp-connector/shared/test-support';

let t: McpTestServer;
/** Sections as they are on disk, for the embeds the prompts inline. */
let cloverStatus: string;
let quickCapture: string;
beforeAll(async () => {
  t = await startTestServer();
  const clover = await t.readText('Apiary/Hives/Hive Clover.md');
  cloverStatus = clover.slice(clover.indexOf('## Status'), clover.indexOf('## Queen')).trimEnd();
  const inbox = await t.readText('Inbox.md');
  quickCapture = inbox
    .slice(inbox.indexOf('## Quick capture'), inbox.indexOf('## To file'))
    .trimEnd();
});
afterAll(() => t.stop());

const LISTED = [
  {
    name: 'Inspection summary',
    description: "Summarise one hive's status and its latest inspection",
    arguments: [{ name: 'hive', description: 'Clover, Heather or Linden', required: true }],
  },
  { name: 'Recipe from the harvest', arguments: [{ name: 'crop', required: true }] },
  { name: 'Tidy the inbox', description: 'Sort the inbox into the right notes' },
  {
    name: 'Weekly review',
    description: 'Review a week of garden and hive notes and suggest what to do next',
    arguments: [
      { name: 'week', description: 'The Monday of the week, as YYYY-MM-DD', required: true },
      { name: 'focus', description: 'What to pay attention to', required: true },
    ],
  },
];
const NAMES = LISTED.map((prompt) => prompt.name);

async function promptText(client: Client, name: string, args?: Record<string, string>) {
  const result = await client.getPrompt({ name, ...(args && { arguments: args }) });
  const content = result.messages[0]?.content;
  if (content?.type !== 'text') throw new Error('expected one text message');
  return content.text;
}

async function rejection(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const thrown: unknown = await promise.then(
    () => new Error('expected the request to fail'),
    (error: unknown) => error,
  );
  return thrown as { code: number; message: string };
}

describe.each(PROTOCOL_LINES)('on the %s line', (line) => {
  test('the capability says listChanged only where a listen stream can carry it', async () => {
    const client = await t.connect(line);
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: line === 'modern' });
  });

  test('prompts/list lists the tagged notes of Prompts/ with their arguments', async () => {
    const client = await t.connect(line);
    expect((await client.listPrompts()).prompts).toEqual(LISTED);
  });

  test('prompts/get fills arguments, inlines embeds from the vault and leaves Templater code', async () => {
    const client = await t.connect(line);
    const before = await snapshotVault(t.vault.root);
    const text = await promptText(client, 'Inspection summary', { hive: 'Clover' });
    expect(text).toBe(
      [
        'Summarise the state of the hive Clover for the committee, in plain words.',
        '',
        'Current status:',
        '',
        cloverStatus,
        '',
        'Its queen: - 2025: superseded in June; the new queen was marked blue on 2025-07-03 ^queen',
        '',
        'Not written yet: ![[Hive Clover winter plan]]<!-- embed not inlined: not found -->',
      ].join('\n'),
    );
    expect(cloverStatus).toStartWith('## Status\n\nQueen marked blue');
    const review = await promptText(client, 'Weekly review', {
      week: '2026-05-04',
      focus: 'swarming',
    });
    expect(review).toContain('the week starting 2026-05-04');
    expect(review).toContain('with a focus on swarming');
    expect(review).toContain('> [!important] Thresholds we use');
    expect(review).toContain('one bed along every year, so nothing grows where its family grew');
    expect(review).toContain('Written <% tp.date.now("YYYY-MM-DD") %>.');
    const tidy = await client.getPrompt({ name: 'Tidy the inbox' });
    expect(tidy.messages).toHaveLength(1);
    expect(tidy.messages[0]?.content).toEqual({
      type: 'text',
      text: `Go through my inbox below. For each line, say which note it belongs in (an existing one if\nthere is one) and whether it is a task.\n\n${quickCapture}`,
    });
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('an unknown prompt or a missing argument is InvalidParams, and nothing changes', async () => {
    const client = await t.connect(line);
    const before = await snapshotVault(t.vault.root);
    for (const name of ['Scratchpad', 'Seasonal letter', 'Drafts/Seasonal letter']) {
      const unknown = await rejection(client.getPrompt({ name }));
      expect(unknown.code).toBe(-32602);
      expect(unknown.message).toContain(`Unknown prompt "${name}"`);
      expect(unknown.message).toContain(`Prompts: ${NAMES.join(', ')}.`);
    }
    const missing = await rejection(
      client.getPrompt({ name: 'Weekly review', arguments: { week: '2026-05-04' } }),
    );
    expect(missing.code).toBe(-32602);
    expect(missing.message).toContain(
      'Prompt "Weekly review" needs these arguments: focus (What to pay attention to).',
    );
    const extra = await rejection(
      client.getPrompt({ name: 'Tidy the inbox', arguments: { note: 'Home' } }),
    );
    expect(extra.code).toBe(-32602);
    expect(extra.message).toContain(
      'Prompt "Tidy the inbox" has no argument "note"; it takes none.',
    );
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('hidden folders', () => {
  test('a note in a hidden folder is never embedded: the comment says "not found"', async () => {
    const client = await t.connect('modern');
    await t.settings.updateSlice('hiddenFolders', () => ['Apiary']);
    try {
      const text = await promptText(client, 'Inspection summary', { hive: 'Clover' });
      expect(text).toContain(
        'Its queen: ![[Hive Clover#^queen]]<!-- embed not inlined: not found -->',
      );
      expect(text).not.toContain('marked blue');
    } finally {
      await t.settings.updateSlice('hiddenFolders', () => []);
    }
  });
});

describe('notifications/prompts/list_changed on a 2026-07-28 listen stream', () => {
  test('adding, retagging, renaming and deleting a prompt note each notify listeners', async () => {
    const listener = await t.connect('modern');
    let heard = 0;
    listener.setNotificationHandler('notifications/prompts/list_changed', () => {
      heard++;
    });
    const subscription = await listener.listen({ promptsListChanged: true });
    expect(subscription.honoredFilter).toMatchObject({ promptsListChanged: true });
    const editor = await t.connect('modern');
    const names = async () =>
      (await listener.listPrompts(undefined, { cacheMode: 'bypass' })).prompts.map((p) => p.name);
    /** Makes the change and waits for its notification; returns how many were heard so far. */
    const notifiedBy = async (change: () => Promise<unknown>) => {
      const before = heard;
      await change();
      await waitFor(() => heard > before, 'notifications/prompts/list_changed');
      return heard;
    };
    try {
      const path = 'Prompts/New prompt.md';
      const content = '---\ntags: [mcp-tools-prompt]\n---\nNew.';
      // The list may still grow with the index when this starts (that is a change too): a first
      // prompt note, once heard, is the baseline every later count is taken from.
      const baseline = () =>
        callOk(editor, 'create_vault_file', { path: 'Prompts/Baseline.md', content });
      const base = await notifiedBy(baseline);
      expect(await notifiedBy(() => callOk(editor, 'create_vault_file', { path, content }))).toBe(
        base + 1,
      );
      expect(await names()).toContain('New prompt');
      const untag = () => callOk(editor, 'delete_note_property', { path, key: 'tags' });
      expect(await notifiedBy(untag)).toBe(base + 2);
      expect(await names()).not.toContain('New prompt');
      const retag = () =>
        callOk(editor, 'set_note_property', { path, key: 'tags', value: ['mcp-tools-prompt'] });
      expect(await notifiedBy(retag)).toBe(base + 3);
      const renamed = 'Prompts/Renamed prompt.md';
      const rename = () => callOk(editor, 'rename_vault_file', { from: path, to: renamed });
      expect(await notifiedBy(rename)).toBe(base + 4);
      expect(await names()).toEqual([...NAMES, 'Baseline', 'Renamed prompt'].sort());
      const remove = () => callOk(editor, 'delete_vault_file', { path: renamed });
      expect(await notifiedBy(remove)).toBe(base + 5);
      // A change that leaves the list alone sends nothing: the next real change is the only
      // notification after it (the watcher compares changes in order, so a notification for the
      // unrelated edit would have come first).
      await callOk(editor, 'append_to_vault_file', { path: 'Home.md', content: 'x' });
      const barrier = 'Prompts/Barrier.md';
      const addBarrier = () => callOk(editor, 'create_vault_file', { path: barrier, content });
      expect(await notifiedBy(addBarrier)).toBe(base + 6);
      expect(await names()).toContain('Barrier');
    } finally {
      await subscription.close();
    }
  });
});
