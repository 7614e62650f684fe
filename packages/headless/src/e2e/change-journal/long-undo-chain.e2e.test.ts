/**
 * A long chain of undos of undos (redo is the undo of an undo) is listed in one walk: 20,000 of
 * them make list_changes answer in a second or two, and another client's call is not held up
 * for long meanwhile.
 */
import { expect, test } from 'bun:test';
import { deviceHomeOf } from '@mcp-connector/shared';
import { realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callOk } from '../../test-support/index.ts';
import { journalVault, startJournalServer } from './test-support/journal-vault.ts';

const CHAIN = 20_000;

function committed(id: string, undoes: string | null) {
  return {
    t: 'commit',
    change: {
      id,
      time: new Date(Date.now() - CHAIN + Number(id.slice(1))).toISOString(),
      actor: { tokenId: null, label: 'Someone' },
      tool: undoes === null ? 'create_vault_file' : 'undo_change',
      summary: '{}',
      steps: [],
      after: {},
      ...(undoes !== null && { undoes }),
    },
  };
}

test(`a chain of ${CHAIN.toLocaleString('en')} undos of undos is listed at once`, async () => {
  const vault = await journalVault();
  const folder = deviceHomeOf(realpathSync(vault.root)).changeJournal;
  await mkdir(join(folder, 'images'), { recursive: true });
  const lines: object[] = [{ t: 'journal', format: 1 }, committed('c0', null)];
  for (let link = 1; link <= CHAIN; link++) lines.push(committed(`c${link}`, `c${link - 1}`));
  await writeFile(
    join(folder, 'journal.jsonl'),
    `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
  );
  const server = await startJournalServer(vault);
  try {
    const started = performance.now();
    const [listing, other] = await Promise.all([
      callOk(server.client, 'list_changes', { limit: 1000 }),
      callOk(await server.connect(server.token), 'get_server_info', {}).then(() =>
        performance.now(),
      ),
    ]);
    const listed = performance.now() - started;
    expect((listing as { total: number }).total).toBeGreaterThan(0);
    // Before, one walk per change listed: over a minute on a loaded machine, 10-17 s on an idle
    // one; now 0.3-2 s (the bound leaves room for a loaded machine).
    expect(listed).toBeLessThan(10_000);
    expect(other - started).toBeLessThan(10_000);
  } finally {
    await server.stop();
  }
}, 60_000);
