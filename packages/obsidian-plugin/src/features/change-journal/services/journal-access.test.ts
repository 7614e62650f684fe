/**
 * Calls through the journal as a caller sees them (`ChangeAccess`), driven by executors written
 * here: the journal takes and gives back outcomes, not MCP results, so no tool is needed to run a
 * change, roll one back, answer a key again, or undo from the Obsidian view.
 */
import { afterEach, expect, test } from 'bun:test';
import { defaultChangeJournalSettings, ToolError } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { CallOutcome, JournaledCall } from './change-access.ts';
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

async function open() {
  const opened = await openTestHost({ 'a.md': '# A\n' });
  vault = opened;
  journal = await ChangeJournal.open({
    folder: join(opened.root, '.obsidian', 'plugins', 'mcp-connector', 'change-journal'),
    host: opened.host,
    unguardedHost: opened.host,
    settings: defaultChangeJournalSettings,
    isHidden: () => false,
  });
  return {
    agent: journal.forActor({ tokenId: 't', label: 'Test' }),
    user: journal.forActor(USER_ACTOR),
    note: () => readFile(join(opened.root, 'a.md'), 'utf8'),
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
