/**
 * After a crash the port does not wait for the index: a change a crash left open is settled in
 * the background once the index is ready, under the journal's lock. Until then the server
 * answers calls that need no index (get_server_info says the index is building) and the journal
 * file is untouched; writes, replays and the journal tools sent meanwhile wait for the settling,
 * and afterwards the change is settled exactly once. A server closed before its index was ready
 * leaves the change open for the next start. The index build is driven by hand (a real
 * IndexProgress), so nothing depends on how fast the machine is.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { revisionOf } from '@mcp-connector/shared';
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { callKey } from '../../../../obsidian-plugin/src/features/change-journal/index.ts';
import { IndexProgress } from '../../node-host/index-progress.ts';
import { deviceHomeOf } from '@mcp-connector/shared';
import { realpathSync } from 'node:fs';
import { callFail, callOk, type TempVault } from '../../test-support/index.ts';
import {
  JOURNAL_VAULT,
  journalVault,
  listChanges,
  startJournalServer,
  type JournalServer,
} from './test-support/journal-vault.ts';

const BETA = 'Notes/Beta.md';
const BETA_TEXT = JOURNAL_VAULT[BETA] as string;
/** Long enough that a call waits for the hand-driven index rather than answering index_building. */
const WAIT_FOR_INDEX_MS = 60_000;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function journalPath(vault: string): string {
  return join(deviceHomeOf(realpathSync(vault)).changeJournal, 'journal.jsonl'); // ADR-0033
}

/** The key a call by the Default token with this idempotency key carries. */
async function defaultTokenId(vault: TempVault): Promise<string | null> {
  const server = await startJournalServer({ ...vault, remove: async () => undefined });
  const id = server.connector.defaultToken?.id ?? null;
  await server.stop();
  return id;
}

/** A journal whose append_to_vault_file call was cut off after its write landed on disk. */
async function crashAfterWrite(vault: TempVault, key: ReturnType<typeof callKey>): Promise<void> {
  const bytes = Buffer.from(BETA_TEXT);
  const blob = createHash('sha256').update(bytes).digest('hex');
  const folder = dirname(journalPath(vault.root));
  await mkdir(join(folder, 'images'), { recursive: true });
  await writeFile(join(folder, 'images', blob), bytes);
  const head = {
    id: 'cut-off',
    time: new Date().toISOString(),
    actor: { tokenId: key.tokenId, label: 'Crashed client' },
    tool: 'append_to_vault_file',
    summary: '{}',
  };
  const before = { kind: 'file', revision: revisionOf(bytes), size: bytes.length, blob };
  const step = { step: 'put', path: BETA, before };
  const lines = [
    { t: 'journal', format: 1 },
    { t: 'begin', change: head, key },
    {
      t: 'intent',
      id: 'cut-off',
      seq: 0,
      entries: [{ step, expect: revisionOf(`${BETA_TEXT}landed\n`) }],
    },
  ];
  await writeFile(
    journalPath(vault.root),
    `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
  );
  await appendFile(join(vault.root, BETA), 'landed\n');
}

/** A server whose index stays building until the test finishes `progress`; stopped after the test. */
async function startWhileBuilding(vault: TempVault): Promise<{
  server: JournalServer;
  progress: IndexProgress;
}> {
  const progress = new IndexProgress();
  const server = await startJournalServer(vault, {
    indexing: progress,
    indexWaitMs: WAIT_FOR_INDEX_MS,
  });
  let stopped = false;
  const stop = async () => {
    if (!stopped) await server.stop();
    stopped = true;
  };
  cleanup.push(stop);
  return { server: { ...server, stop }, progress };
}

const commitsOf = (journal: string, id: string) =>
  journal
    .split('\n')
    .filter((line) => line.includes('"t":"commit"') && line.includes(`"id":"${id}"`));

describe('a crash left a change open, and the index is still building', () => {
  test('the server answers at once; writes, replays and list_changes wait; the change settles once', async () => {
    const vault = await journalVault();
    const args = { path: BETA, content: 'landed' };
    const key = callKey(await defaultTokenId(vault), 'retry', 'append_to_vault_file', args);
    await crashAfterWrite(vault, key);
    const { server, progress } = await startWhileBuilding(vault);

    const info = await callOk(server.client, 'get_server_info');
    expect(info.index).toMatchObject({ state: 'building' });
    expect(commitsOf(await readFile(journalPath(vault.root), 'utf8'), 'cut-off')).toEqual([]);

    const listed = listChanges(server.client);
    const replay = callFail(server.client, 'append_to_vault_file', {
      ...args,
      idempotencyKey: 'retry',
    });
    const write = callOk(server.client, 'append_to_vault_file', { path: BETA, content: 'after' });
    progress.startIndexing(1);
    progress.finish();

    const [first] = await listed;
    expect(first).toMatchObject({ id: 'cut-off', interrupted: true, files: [{ path: BETA }] });
    expect(await replay).toMatchObject({
      code: 'idempotency_conflict',
      details: { change: 'cut-off' },
    });
    await write;
    expect(await readFile(join(vault.root, BETA), 'utf8')).toBe(`${BETA_TEXT}landed\nafter`);
    const changes = await listChanges(server.client);
    expect(changes.map((change) => change.tool)).toEqual([
      'append_to_vault_file',
      'append_to_vault_file',
    ]);
    expect(changes.filter((change) => change.id === 'cut-off')).toHaveLength(1);
    expect(commitsOf(await readFile(journalPath(vault.root), 'utf8'), 'cut-off')).toHaveLength(1);
  });

  test('closed before the index is ready: the change stays open, and the next start settles it', async () => {
    const vault = await journalVault();
    const kept = { ...vault, remove: async () => undefined };
    cleanup.push(() => vault.remove());
    await crashAfterWrite(
      vault,
      callKey(await defaultTokenId(kept), 'k', 'append_to_vault_file', {}),
    );
    const journalBefore = await readFile(journalPath(vault.root), 'utf8');
    const { server } = await startWhileBuilding(kept);
    expect((await callOk(server.client, 'get_server_info')).index).toMatchObject({
      state: 'building',
    });
    await server.stop();
    expect(await readFile(journalPath(vault.root), 'utf8')).toBe(journalBefore);

    const { server: again, progress } = await startWhileBuilding(kept);
    progress.finish();
    const [change] = await listChanges(again.client);
    expect(change).toMatchObject({ id: 'cut-off', interrupted: true });
    await callOk(again.client, 'undo_change', { id: 'cut-off' });
    expect(await readFile(join(vault.root, BETA), 'utf8')).toBe(BETA_TEXT);
  });
});
