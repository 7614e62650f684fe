/**
 * Prompts end to end: the real server over HTTP on a temp copy of tasks-demo with a Prompts/
 * folder written before it starts, the official SDK client on both protocol lines. prompts/list
 * and prompts/get (arguments, embeds resolved in the real vault, Templater code untouched), the
 * InvalidParams errors, hidden folders, the capability on each line, and
 * notifications/prompts/list_changed on a 2026-07-28 listen stream when a prompt note is added,
 * retagged, renamed or deleted through the tools.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callOk,
  copyVault,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';

const REVIEW = [
  '---',
  'description: Review a project note against its plan',
  'tags: [mcp-tools-prompt]',
  '---',
  '<% tp.mcpTools.prompt("note", "The note to review") %>',
  '<% tp.mcpTools.prompt("focus") %>',
  'Review [[{{note}}]] with a focus on {{focus}}.',
  '',
  '![[{{note}}#Steps to world domination]]',
  '',
  'Related: ![[Embed Task in to Note#^ca47c7]]',
  'Also: ![[one_task]]',
  'Missing: ![[No such note]]',
  'Written <% tp.date.now("YYYY-MM-DD") %>; focus again: {{focus}}.',
  '',
].join('\n');

let t: McpTestServer;
let acmeSteps: string;
beforeAll(async () => {
  const vault = await copyVault();
  await mkdir(join(vault.root, 'Prompts'));
  await writeFile(join(vault.root, 'Prompts/Review project.md'), REVIEW);
  await writeFile(join(vault.root, 'Prompts/Scratch.md'), 'Not tagged, not a prompt.\n');
  await writeFile(join(vault.root, 'Prompts/Plain.md'), 'Say hello. #mcp-tools-prompt\n');
  const acme = await readFile(join(vault.root, 'ACME.md'), 'utf8');
  acmeSteps = acme.slice(acme.indexOf('## Steps'), acme.indexOf('## Model test')).trimEnd();
  t = await startTestServer(vault);
});
afterAll(() => t.stop());

const LISTED = [
  { name: 'Plain' },
  {
    name: 'Review project',
    description: 'Review a project note against its plan',
    arguments: [
      { name: 'note', description: 'The note to review', required: true },
      { name: 'focus', required: true },
    ],
  },
];

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
    const text = await promptText(client, 'Review project', { note: 'ACME', focus: 'risks' });
    expect(text).toBe(
      [
        'Review [[ACME]] with a focus on risks.',
        '',
        acmeSteps,
        '',
        'Related: - [ ] #task task2b ^ca47c7',
        'Also: - [ ] #task the only task here',
        'Missing: ![[No such note]]<!-- embed not inlined: not found -->',
        'Written <% tp.date.now("YYYY-MM-DD") %>; focus again: risks.',
      ].join('\n'),
    );
    expect(acmeSteps).toContain('- [ ] #task Take out the trash');
    const result = await client.getPrompt({ name: 'Plain' });
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Say hello. #mcp-tools-prompt' } },
    ]);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('an unknown prompt or a missing argument is InvalidParams, and nothing changes', async () => {
    const client = await t.connect(line);
    const before = await snapshotVault(t.vault.root);
    const unknown = await rejection(client.getPrompt({ name: 'Scratch' }));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toContain('Unknown prompt "Scratch"');
    expect(unknown.message).toContain('Prompts: Plain, Review project.');
    const missing = await rejection(
      client.getPrompt({ name: 'Review project', arguments: { note: 'ACME' } }),
    );
    expect(missing.code).toBe(-32602);
    expect(missing.message).toContain('Prompt "Review project" needs these arguments: focus.');
    const extra = await rejection(client.getPrompt({ name: 'Plain', arguments: { note: 'ACME' } }));
    expect(extra.code).toBe(-32602);
    expect(extra.message).toContain('Prompt "Plain" has no argument "note"; it takes none.');
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('hidden folders', () => {
  test('a note in a hidden folder is never embedded: the comment says "not found"', async () => {
    const client = await t.connect('modern');
    await t.server.settings.updateSlice('hiddenFolders', () => ['Test Data']);
    try {
      const text = await promptText(client, 'Review project', { note: 'ACME', focus: 'x' });
      expect(text).toContain('Also: ![[one_task]]<!-- embed not inlined: not found -->');
      expect(text).not.toContain('the only task here');
    } finally {
      await t.server.settings.updateSlice('hiddenFolders', () => []);
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
    // Waits for a notification; a change that sends none is watched past the watcher's last
    // settle check (1 s).
    const heardAfter = async (change: () => Promise<unknown>, waitMs = 3000) => {
      const before = heard;
      await change();
      const deadline = Date.now() + waitMs;
      while (heard === before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return heard - before;
    };
    try {
      const path = 'Prompts/New prompt.md';
      const content = '---\ntags: [mcp-tools-prompt]\n---\nNew.';
      expect(await heardAfter(() => callOk(editor, 'create_vault_file', { path, content }))).toBe(
        1,
      );
      expect(await names()).toContain('New prompt');
      const untag = () => callOk(editor, 'delete_note_property', { path, key: 'tags' });
      expect(await heardAfter(untag)).toBe(1);
      expect(await names()).not.toContain('New prompt');
      const retag = () =>
        callOk(editor, 'set_note_property', { path, key: 'tags', value: ['mcp-tools-prompt'] });
      expect(await heardAfter(retag)).toBe(1);
      const renamed = 'Prompts/Renamed prompt.md';
      const rename = () => callOk(editor, 'rename_vault_file', { from: path, to: renamed });
      expect(await heardAfter(rename)).toBe(1);
      expect(await names()).toEqual(['Plain', 'Renamed prompt', 'Review project']);
      const remove = () => callOk(editor, 'delete_vault_file', { path: renamed });
      expect(await heardAfter(remove)).toBe(1);
      const unrelated = () =>
        callOk(editor, 'append_to_vault_file', { path: 'ACME.md', content: 'x' });
      expect(await heardAfter(unrelated, 1500)).toBe(0);
      expect(heard).toBe(5);
    } finally {
      await subscription.close();
    }
  });
});
