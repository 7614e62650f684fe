/**
 * Reading a note's text before and after journaled changes, through `ChangeAccess`, with changes
 * made by executors written here: a creation, edits, a move, an edit made outside the journal.
 */
import { afterEach, expect, test } from 'bun:test';
import { defaultChangeJournalSettings, revisionOf } from '@mcp-connector/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import { ANY_TOOL, type ChangeAccess } from './change-access.ts';
import { ChangeJournal } from './change-journal.ts';

let vault: TestHost | null = null;
let journal: ChangeJournal | null = null;
afterEach(async () => {
  await journal?.close();
  await vault?.close();
  journal = null;
  vault = null;
});

async function open(hidden: string | null = null) {
  const opened = await openTestHost({ 'a.md': 'one\n', 'Secret/s.md': 's\n' });
  vault = opened;
  journal = await ChangeJournal.open({
    folder: join(opened.root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal'),
    host: opened.host,
    unguardedHost: opened.host,
    settings: defaultChangeJournalSettings,
    isHidden: (path) => hidden !== null && path.startsWith(`${hidden}/`),
  });
  return { agent: journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL), root: opened.root };
}

/** Runs one journaled change; returns its id. */
async function change(agent: ChangeAccess, write: (host: VaultHost) => Promise<unknown>) {
  await agent.runCall({ tool: 'test', args: {}, journaled: true }, async (host) => {
    await write(host);
    return { ok: true, answer: null };
  });
  const [newest] = await agent.list({});
  return newest?.id as string;
}

/** The code a rejected read fails with. */
async function codeOf(read: Promise<unknown>): Promise<string> {
  return read.then(
    () => 'resolved',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
}

const note = (change: string, text: string | null, path = 'a.md') => ({
  change,
  path,
  text,
  revision: text === null ? null : revisionOf(text),
});

test('the text before and after each change, a creation and a move included', async () => {
  const { agent } = await open();
  const created = await change(agent, (host) => host.create('b.md', 'first\n'));
  const edited = await change(agent, (host) => host.process('b.md', (text) => `${text}second\n`));
  const moved = await change(agent, (host) => host.rename('b.md', 'c.md'));
  const last = await change(agent, (host) => host.process('c.md', (text) => `${text}third\n`));
  expect(await agent.textBefore('c.md', created)).toEqual(note(created, null, 'b.md'));
  expect(await agent.textAfter('c.md', created)).toEqual(note(created, 'first\n', 'b.md'));
  expect(await agent.textBefore('c.md', edited)).toEqual(note(edited, 'first\n', 'b.md'));
  expect(await agent.textBefore('c.md', moved)).toEqual(note(moved, 'first\nsecond\n', 'b.md'));
  expect(await agent.textAfter('c.md', moved)).toEqual(note(moved, 'first\nsecond\n', 'c.md'));
  expect(await agent.textAfter('c.md', last)).toEqual(note(last, 'first\nsecond\nthird\n', 'c.md'));
});

test('a text after a change that was edited outside the journal since is not_found', async () => {
  const { agent, root } = await open();
  const edited = await change(agent, (host) => host.process('a.md', () => 'two\n'));
  await writeFile(join(root, 'a.md'), 'by hand\n');
  expect(await agent.textBefore('a.md', edited)).toEqual(note(edited, 'one\n'));
  expect(await codeOf(agent.textAfter('a.md', edited))).toBe('not_found');
});

test('a change not in the note history, a hidden note and a binary file are refused', async () => {
  const { agent } = await open('Secret');
  const edited = await change(agent, (host) => host.process('a.md', () => 'two\n'));
  expect(await codeOf(agent.textBefore('a.md', 'no-such-change'))).toBe('not_found');
  expect(await codeOf(agent.textBefore('Secret/s.md', edited))).toBe('not_found');
  expect(await codeOf(agent.textBefore('pic.png', edited))).toBe('unsupported');
});
