/**
 * Pinned versions through `ChangeAccess`: a pin writes nothing, lists as a labelled version,
 * is read and restored by its label, cannot be undone or labelled twice, and outlives the
 * compaction that prunes every other change.
 */
import { ANY_TOOL } from './change-access.ts';
import { afterEach, expect, test } from 'bun:test';
import { defaultChangeJournalSettings, type ChangeJournalSettings } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { ChangeAccess } from './change-access.ts';
import { ChangeJournal } from './change-journal.ts';

let vault: TestHost | null = null;
let journal: ChangeJournal | null = null;
afterEach(async () => {
  await journal?.close();
  await vault?.close();
  journal = null;
  vault = null;
});

const DAY = 24 * 60 * 60 * 1000;

async function open(settings: () => ChangeJournalSettings = defaultChangeJournalSettings) {
  const opened = await openTestHost({ 'a.md': 'one\n', 'pic.png': 'png' });
  vault = opened;
  let now = Date.parse('2026-06-01T00:00:00Z');
  journal = await ChangeJournal.open({
    folder: join(opened.root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal'),
    host: opened.host,
    unguardedHost: opened.host,
    settings,
    isHidden: () => false,
    now: () => new Date(now),
  });
  const later = (days: number) => (now += days * DAY);
  return {
    agent: journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL),
    root: opened.root,
    later,
  };
}

async function edit(agent: ChangeAccess, write: (host: VaultHost) => Promise<unknown>) {
  const outcome = await agent.runCall({ tool: 'test', args: {}, journaled: true }, async (host) => {
    await write(host);
    return { ok: true, answer: null };
  });
  expect(outcome.ok).toBe(true);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
}

test('a pin writes nothing, lists labelled, and is read and restored by its label', async () => {
  const { agent, root } = await open();
  const pin = await agent.pin('a.md', 'draft one');
  expect(await readFile(join(root, 'a.md'), 'utf8')).toBe('one\n');
  await edit(agent, (host) => host.process('a.md', () => 'two\n'));
  const [newest, pinned] = await agent.history('a.md');
  expect(pinned).toMatchObject({ change: pin.change, pinned: true, label: 'draft one' });
  expect(pinned?.revisionBefore).toBe(pinned?.revisionAfter as string);
  expect(newest?.pinned).toBeUndefined();
  expect((await agent.list({}))[1]?.files).toEqual([{ path: 'a.md', action: 'pinned' }]);
  expect(await agent.textBefore('a.md', 'draft one')).toMatchObject({
    change: pin.change,
    text: 'one\n',
  });
  expect(await agent.textAfter('a.md', 'draft one')).toMatchObject({ text: 'one\n' });
  expect(await agent.restore('a.md', 'draft one')).toMatchObject({ restoredFrom: pin.change });
  expect(await readFile(join(root, 'a.md'), 'utf8')).toBe('one\n');
});

test('a label used once for the note, undo, a missing note and a binary file are refused', async () => {
  const { agent } = await open();
  const pin = await agent.pin('a.md', 'v1');
  expect(await codeOf(agent.pin('a.md', 'v1'))).toBe('already_exists');
  expect(await codeOf(agent.pin('a.md', ' '))).toBe('invalid_arguments');
  expect(await codeOf(agent.undo(pin.change))).toBe('invalid_arguments');
  expect(await codeOf(agent.pin('none.md'))).toBe('not_found');
  expect(await codeOf(agent.pin('pic.png'))).toBe('unsupported');
  expect(await agent.pin('a.md')).not.toHaveProperty('label');
});

test('compaction prunes the old changes and keeps the pinned version and its text', async () => {
  const { agent, later } = await open(() => ({
    ...defaultChangeJournalSettings(),
    maxAgeDays: 30,
  }));
  await edit(agent, (host) => host.process('a.md', () => 'two\n'));
  const pin = await agent.pin('a.md', 'kept');
  later(40);
  await edit(agent, (host) => host.process('a.md', () => 'three\n'));
  const history = await agent.history('a.md');
  expect(history.map((version) => version.label ?? 'edit')).toEqual(['edit', 'kept']);
  expect(await agent.textBefore('a.md', pin.change)).toMatchObject({ text: 'two\n' });
});
