/**
 * Crash safety. A real headless server (a child process) is killed with SIGKILL in the middle of
 * a burst of journaled writes; started again (its index still building: it answers at once), the
 * journal opens, every write that was answered is listed, and every listed change can be undone, newest first, back to the vault as it was. Then
 * the two things a crash leaves, written by hand so they are certain: a torn last record (dropped)
 * and a change cut off after its intent (settled as `interrupted` when its write landed, aborted
 * when it did not), whose idempotency key answers `idempotency_conflict`.
 */
import { describe, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { callKey } from '../../../../obsidian-plugin/src/features/change-journal/index.ts';
import { revisionOf } from '@mcp-connector/shared';
import { IndexProgress } from '../../node-host/index-progress.ts';
import { deviceHomeOf } from '@mcp-connector/shared';
import { realpathSync } from 'node:fs';
import { callFail, callOk } from '../../test-support/index.ts';
import {
  JOURNAL_VAULT,
  journalVault,
  listChanges,
  startJournalServer,
  vaultState,
} from './test-support/journal-vault.ts';

const CLI = join(import.meta.dir, '..', '..', 'cli.ts');
const BURST = 24;
const OPERATIONS = 12;
const KILL_AFTER = 6;

/** Starts `serve --json` and resolves with its URL and token once it says it is listening. */
async function serveInChild(
  vault: string,
): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn('bun', [CLI, 'serve', '--vault', vault, '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  return { child, url, token };
}

function journalFolder(vault: string): string {
  return deviceHomeOf(realpathSync(vault)).changeJournal; // ADR-0033: on the device
}

describe('kill -9 during a burst of writes', () => {
  test('restart: the journal opens, every answered write is listed, and all of it undoes', async () => {
    const vault = await journalVault();
    try {
      const original = await vaultState(vault.root);
      const { child, url, token } = await serveInChild(vault.root);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const client = new Client({ name: 'burst', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const answered: number[] = [];
      let killed = false;
      // Each call is a batch of many writes, so the kill most likely lands inside one.
      const burst = Array.from({ length: BURST }, async (_, index) => {
        const operations = [
          ...Array.from({ length: OPERATIONS }, (_unused, op) => ({
            op: 'create',
            path: `Burst/${index}/n${op}.md`,
            content: `note ${index}.${op}\n`,
          })),
          { op: 'append', path: 'Notes/Beta.md', content: `line ${index}` },
        ];
        try {
          await callOk(client, 'edit_vault_files', { operations });
          answered.push(index);
          if (answered.length === KILL_AFTER && !killed) {
            killed = true;
            process.kill(child.pid as number, 'SIGKILL');
          }
        } catch {
          // Cut off by the kill: no answer, so nothing is promised about this one.
        }
      });
      await Promise.all(burst);
      await exited;
      await client.close().catch(() => undefined);
      expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

      // Restarted while its index is still building: it answers at once, and the changes the
      // kill cut off are settled once the index is ready, before anything else is listed.
      const progress = new IndexProgress();
      const restarted = await startJournalServer(
        { ...vault, remove: async () => undefined },
        { indexing: progress, indexWaitMs: 60_000 },
      );
      try {
        const info = await callOk(restarted.client, 'get_server_info');
        expect(info.index).toMatchObject({ state: 'building' });
        const listing = listChanges(restarted.client, { limit: 1000 });
        progress.finish();
        const changes = await listing;
        const summaries = changes.map((change) => JSON.stringify(change));
        for (const index of answered) {
          const needle = `Burst/${index}/n0.md`;
          expect({ index, listed: summaries.some((summary) => summary.includes(needle)) }).toEqual({
            index,
            listed: true,
          });
        }
        for (const change of changes)
          await callOk(restarted.client, 'undo_change', { id: change.id });
        expect(await vaultState(vault.root)).toEqual(original);
      } finally {
        await restarted.stop();
      }
    } finally {
      await vault.remove();
    }
  }, 60_000);
});

describe('what a crash leaves behind', () => {
  const beta = 'Notes/Beta.md';
  const betaBytes = Buffer.from(JOURNAL_VAULT[beta] as string);
  const blob = createHash('sha256').update(betaBytes).digest('hex');
  const head = (id: string) => ({
    id,
    time: new Date().toISOString(),
    actor: { tokenId: null, label: 'Crashed client' },
    tool: 'append_to_vault_file',
    summary: '{}',
  });
  const intent = (id: string) => ({
    t: 'intent',
    id,
    seq: 0,
    entries: [
      {
        step: {
          step: 'put',
          path: beta,
          before: { kind: 'file', revision: revisionOf(betaBytes), size: betaBytes.length, blob },
        },
        expect: revisionOf(`${JOURNAL_VAULT[beta] as string}landed\n`),
      },
    ],
  });

  async function writeJournal(vault: string, lines: object[], tail = ''): Promise<void> {
    const folder = journalFolder(vault);
    await mkdir(join(folder, 'images'), { recursive: true });
    await writeFile(join(folder, 'images', blob), betaBytes);
    const text = [{ t: 'journal', format: 1 }, ...lines]
      .map((line) => JSON.stringify(line))
      .join('\n');
    await writeFile(join(folder, 'journal.jsonl'), `${text}\n${tail}`);
  }

  test('a write that landed is settled as an interrupted change, and undoable', async () => {
    const vault = await journalVault();
    await writeJournal(vault.root, [
      { t: 'begin', change: head('cut-off'), key: { tokenId: null, key: 'k', fingerprint: 'f' } },
      intent('cut-off'),
    ]);
    await appendFile(join(vault.root, beta), 'landed\n');
    const server = await startJournalServer(vault);
    try {
      const [change] = await listChanges(server.client);
      expect(change).toMatchObject({
        id: 'cut-off',
        interrupted: true,
        files: [{ path: beta, action: 'modified' }],
      });
      await callOk(server.client, 'undo_change', { id: 'cut-off' });
      expect(await readFile(join(vault.root, beta), 'utf8')).toBe(JOURNAL_VAULT[beta] as string);
    } finally {
      await server.stop();
    }
  });

  test('a write that never landed is aborted; a torn last record is dropped', async () => {
    const vault = await journalVault();
    await writeJournal(
      vault.root,
      [{ t: 'begin', change: head('never-landed') }, intent('never-landed')],
      '{"t":"commit","change":{"id":"torn',
    );
    const server = await startJournalServer(vault);
    try {
      expect(await listChanges(server.client)).toEqual([]);
      const journal = await readFile(join(journalFolder(vault.root), 'journal.jsonl'), 'utf8');
      expect(journal).not.toContain('torn');
      expect(journal.endsWith('\n')).toBe(true);
      await callOk(server.client, 'append_to_vault_file', { path: beta, content: 'after' });
      expect(await listChanges(server.client)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  test('the key of an interrupted call answers idempotency_conflict naming its change', async () => {
    const vault = await journalVault();
    const server0 = await startJournalServer({ ...vault, remove: async () => undefined });
    const tokenId = server0.connector.defaultToken?.id ?? null;
    await server0.stop();
    const args = { path: beta, content: 'landed' };
    const key = callKey(tokenId, 'retry', 'append_to_vault_file', args);
    await writeJournal(vault.root, [
      { t: 'begin', change: head('cut-off'), key },
      intent('cut-off'),
    ]);
    await appendFile(join(vault.root, beta), 'landed\n');
    const server = await startJournalServer(vault);
    try {
      const conflict = await callFail(server.client, 'append_to_vault_file', {
        ...args,
        idempotencyKey: 'retry',
      });
      expect(conflict).toMatchObject({
        code: 'idempotency_conflict',
        details: { change: 'cut-off' },
      });
    } finally {
      await server.stop();
    }
  });
});
