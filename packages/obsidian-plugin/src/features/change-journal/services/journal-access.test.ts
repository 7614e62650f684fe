/**
 * Calls through the journal as a caller sees them (`ChangeAccess`), driven by executors written
 * here: the journal takes and gives back outcomes, not MCP results, so no tool is needed to run a
 * change, roll one back, answer a key again, or undo from the Obsidian view.
 */
import { afterEach, expect, test } from 'bun:test';
import { defaultChangeJournalSettings, ToolError } from '@mcp-connector/shared';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import { ANY_TOOL, type CallOutcome, type JournaledCall } from './change-access.ts';
import { ChangeJournal } from './change-journal.ts';
import { USER_ACTOR } from './user-actor.ts';

let vault: TestHost | null = null;
let journal: ChangeJournal | null = null;
afterEach(async () => {
  await journal?.close();
  await vault?.close();
  journal = null;
  vault = null;
});

const folderOf = (root: string) =>
  join(root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal');

let hidden: string[] = [];
let bounds: { maxSizeMb?: number } = {};
afterEach(() => {
  hidden = [];
  bounds = {};
});

async function open(files: Record<string, string> = { 'a.md': '# A\n' }) {
  const opened = vault ?? (await openTestHost(files));
  vault = opened;
  journal = await ChangeJournal.open({
    folder: folderOf(opened.root),
    host: opened.host,
    unguardedHost: opened.host,
    settings: () => ({ ...defaultChangeJournalSettings(), ...bounds }),
    isHidden: (path) => hidden.some((folder) => path.startsWith(`${folder}/`)),
  });
  return {
    agent: journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL),
    user: journal.forActor(USER_ACTOR, ANY_TOOL),
    note: () => readFile(join(opened.root, 'a.md'), 'utf8'),
    images: async () => (await readdir(join(folderOf(opened.root), 'images'))).sort(),
    settled: journal.settled,
  };
}

const call = (args: Record<string, unknown>, idempotencyKey?: string): JournaledCall => ({
  tool: 'append_to_vault_file',
  args,
  journaled: true,
  ...(idempotencyKey !== undefined && { idempotencyKey }),
});

/** Appends a line to a.md, then ends as `outcome`. */
function appending<Answer>(outcome: CallOutcome<Answer>, ran: string[] = []) {
  return async (host: VaultHost): Promise<CallOutcome<Answer>> => {
    ran.push('ran');
    await host.process('a.md', (text) => `${text}line\n`);
    return outcome;
  };
}

test('a call that ends in a failure is rolled back, and the failure comes back as it was', async () => {
  const { agent, note } = await open();
  const failure = { code: 'not_found' as const, message: 'No such heading.' };
  expect(await agent.runCall(call({}), appending({ ok: false, failure }))).toEqual({
    ok: false,
    failure,
  });
  expect(await note()).toBe('# A\n');
  expect(await agent.list({})).toEqual([]);
});

test('a key answers again with the first answer, without running; other arguments conflict', async () => {
  const { agent, note } = await open();
  const ran: string[] = [];
  const first = await agent.runCall(call({}, 'k'), appending({ ok: true, answer: { n: 1 } }, ran));
  const again = await agent.runCall(call({}, 'k'), appending({ ok: true, answer: { n: 2 } }, ran));
  expect([first, again]).toEqual([
    { ok: true, answer: { n: 1 } },
    { ok: true, answer: { n: 1 } },
  ]);
  expect(ran).toEqual(['ran']);
  expect(await note()).toBe('# A\nline\n');
  const other = await agent.runCall(call({ other: true }, 'k'), appending({ ok: true, answer: 3 }));
  expect(other).toMatchObject({ ok: false, failure: { code: 'idempotency_conflict' } });
});

test('an undo from the view is a change of its own; a refused one throws and journals nothing', async () => {
  const { agent, user, note } = await open();
  await agent.runCall(call({}), appending({ ok: true, answer: {} }));
  const [written] = await user.list({});
  const undo = await user.undo(written?.id as string);
  expect(await note()).toBe('# A\n');
  const listed = await user.list({});
  expect(listed.map(({ id, tool, token }) => ({ id, tool, token }))).toEqual([
    { id: undo.change, tool: 'undo_change', token: USER_ACTOR.label },
    { id: written?.id as string, tool: 'append_to_vault_file', token: 'Test' },
  ]);
  const refused: unknown = await user.undo(written?.id as string).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ToolError);
  expect(refused).toMatchObject({ code: 'precondition_failed' });
  expect(await user.list({})).toHaveLength(2);
});

test("a rolled-back call's before-images go with it; one a kept change shares stays", async () => {
  const { agent, images } = await open({ 'a.md': '# A\n', 'b.md': '# A\n' });
  await agent.runCall(call({}), appending({ ok: true, answer: {} }));
  const kept = await images();
  expect(kept).toHaveLength(1);
  const failure = { code: 'precondition_failed' as const, message: 'b.md changed meanwhile.' };
  const failing = async (host: VaultHost): Promise<CallOutcome<never>> => {
    await host.process('a.md', (text) => `${text}more\n`); // a new image: a.md as it is now
    await host.process('b.md', (text) => `${text}more\n`); // the kept change's image again
    return { ok: false, failure };
  };
  expect(await agent.runCall(call({}), failing)).toEqual({ ok: false, failure });
  expect(await images()).toEqual(kept);
  const throwing = async (host: VaultHost): Promise<CallOutcome<never>> => {
    await host.process('a.md', (text) => `${text}thrown\n`);
    throw new Error('the work broke');
  };
  const thrown: unknown = await agent.runCall(call({}), throwing).catch((error: unknown) => error);
  expect(thrown).toMatchObject({ message: 'the work broke' });
  expect(await images()).toEqual(kept);
});

test('a start sweeps images no change names, and temp files a crash left', async () => {
  const first = await open();
  await first.agent.runCall(call({}), appending({ ok: true, answer: {} }));
  const kept = await first.images();
  await journal?.close();
  const imagesFolder = join(folderOf(vault?.root ?? ''), 'images');
  await mkdir(imagesFolder, { recursive: true });
  await writeFile(join(imagesFolder, 'f'.repeat(64)), 'an image no line names');
  await writeFile(join(imagesFolder, '.mcp-0123456789ab.tmp'), 'half an image');
  const second = await open();
  await second.settled;
  expect(await second.images()).toEqual(kept);
});

test('a key whose arguments name a folder hidden since is unknown: the call runs again', async () => {
  const { agent } = await open();
  const ran: string[] = [];
  const reading = async (): Promise<CallOutcome<{ text: string }>> => {
    ran.push('ran');
    return { ok: true, answer: { text: hidden.length === 0 ? 'the secret text' : 'not found' } };
  };
  const keyed = call({ path: 'Private/a.md' }, 'k');
  expect(await agent.runCall(keyed, reading)).toEqual({
    ok: true,
    answer: { text: 'the secret text' },
  });
  hidden = ['Private'];
  expect(await agent.runCall(keyed, reading)).toEqual({ ok: true, answer: { text: 'not found' } });
  expect(ran).toEqual(['ran', 'ran']);
});

test('keyed writes keep the journal within maxSizeMb, compacting now and then, not every write', async () => {
  bounds = { maxSizeMb: 1 };
  const { agent } = await open();
  const folder = folderOf((vault as TestHost).root);
  const answer = { text: 'x'.repeat(3000) };
  const inodes = new Set<number>();
  let largest = 0;
  for (let index = 0; index < 600; index++) {
    await agent.runCall(call({ index }, `key ${index}`), appending({ ok: true, answer }));
    const journalFile = await stat(join(folder, 'journal.jsonl'));
    inodes.add(journalFile.ino);
    largest = Math.max(largest, journalFile.size);
  }
  expect(largest).toBeLessThanOrEqual(1024 * 1024);
  expect(inodes.size).toBeLessThan(20); // each compaction replaces the file once
  // The newest keys still answer without running.
  const ran: string[] = [];
  await agent.runCall(call({ index: 599 }, 'key 599'), appending({ ok: true, answer }, ran));
  expect(ran).toEqual([]);
}, 60_000);
