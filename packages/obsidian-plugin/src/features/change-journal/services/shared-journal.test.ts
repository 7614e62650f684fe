/**
 * Servers sharing one vault's change journal (ADR-0030): each catches up with what the others
 * wrote before it reads or writes, so no change is lost to another's compaction, and each can
 * list and undo the others' changes.
 */
import { afterEach, expect, test } from 'bun:test';
import { defaultChangeJournalSettings } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { callTool } from '../../mcp-tools/index.ts';
import { contextFor, registeredTool } from '../../mcp-tools/test-support/run-tool.ts';
import { HiddenFoldersHost } from '../../tool-policy/index.ts';
import { ANY_TOOL } from './change-access.ts';
import { ChangeJournal } from './change-journal.ts';
import { callKey } from './idempotent-calls.ts';

let vault: TestHost | null = null;
const journals: ChangeJournal[] = [];
afterEach(async () => {
  for (const journal of journals.splice(0)) await journal.close();
  await vault?.close();
  vault = null;
});

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = Date.parse('2026-11-01T10:00:00Z');

async function openVault() {
  vault = await openTestHost({ 'a.md': '# A\n', 'b.md': '# B\n' });
  return vault;
}

/** A server's journal over the vault, its clock the test's. */
async function server(test: TestHost) {
  const host = new HiddenFoldersHost(test.host, () => []);
  const journal = await ChangeJournal.open({
    folder: join(test.root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal'),
    host,
    unguardedHost: test.host,
    settings: defaultChangeJournalSettings,
    isHidden: () => false,
    now: () => new Date(clock),
  });
  journals.push(journal);
  const changes = journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await callTool(registeredTool(name), args, contextFor(host, {}, { changes }));
    expect(result.isError).toBeUndefined();
  };
  const tools = async () => (await changes.list({})).map((change) => change.tool);
  return { journal, changes, call, tools };
}

test("each server lists and undoes the other's changes", async () => {
  const test = await openVault();
  const [one, two] = [await server(test), await server(test)];
  await one.call('append_to_vault_file', { path: 'a.md', content: 'one\n' });
  await two.call('append_to_vault_file', { path: 'b.md', content: 'two\n' });
  expect(await one.tools()).toEqual(['append_to_vault_file', 'append_to_vault_file']);
  const [newest] = await one.changes.list({});
  await one.changes.undo(newest?.id as string); // the other server's change
  expect(await readFile(join(test.root, 'b.md'), 'utf8')).toBe('# B\n');
  expect((await two.changes.list({})).map((change) => change.tool)).toEqual([
    'undo_change',
    'append_to_vault_file',
    'append_to_vault_file',
  ]);
});

test('a change made after another server compacted the journal is kept, with its images', async () => {
  const test = await openVault();
  const [one, two] = [await server(test), await server(test)];
  await one.call('create_vault_file', { path: 'c.md', content: 'c\n', idempotencyKey: 'k1' });
  clock += 2 * DAY_MS; // the key is past its day: the next change compacts the journal
  await one.call('append_to_vault_file', { path: 'a.md', content: 'more\n' });
  await two.call('append_to_vault_file', { path: 'b.md', content: 'more\n' });
  const fresh = await server(test); // what is on disk now
  expect(await fresh.tools()).toEqual([
    'append_to_vault_file',
    'append_to_vault_file',
    'create_vault_file',
  ]);
  const [newest, middle] = await fresh.changes.list({});
  await fresh.changes.undo(newest?.id as string);
  await fresh.changes.undo(middle?.id as string);
  expect(await readFile(join(test.root, 'a.md'), 'utf8')).toBe('# A\n');
  expect(await readFile(join(test.root, 'b.md'), 'utf8')).toBe('# B\n');
});

test('one idempotency key sent to two servers at once applies once', async () => {
  const test = await openVault();
  const [one, two] = [await server(test), await server(test)];
  const args = { path: 'a.md', content: 'once\n', idempotencyKey: 'same' };
  await Promise.all([
    one.call('append_to_vault_file', args),
    two.call('append_to_vault_file', args),
  ]);
  expect(await readFile(join(test.root, 'a.md'), 'utf8')).toBe('# A\nonce\n');
  expect(await one.tools()).toEqual(['append_to_vault_file']);
});

test('a journaled call whose key another server answered while it waited does not run', async () => {
  const test = await openVault();
  const [one, two] = [await server(test), await server(test)];
  const args = { path: 'a.md', content: 'once\n' };
  await one.call('append_to_vault_file', { ...args, idempotencyKey: 'k' });
  // As if two had checked the key before one's call, then waited for its turn.
  const key = callKey('t', 'k', 'append_to_vault_file', args);
  let ran = false;
  const call = { tool: 'append_to_vault_file', args, journaled: true };
  const result = await two.journal.journaled({ tokenId: 't', label: 'Test' }, call, key, () => {
    ran = true;
    return Promise.resolve({ ok: true as const, answer: {} });
  });
  expect(ran).toBe(false);
  expect(result.ok).toBe(true);
  expect(await readFile(join(test.root, 'a.md'), 'utf8')).toBe('# A\nonce\n');
});
