/**
 * `bun run bench:journal`: what the change journal costs a write, and a start. In process, on a
 * temp copy of the test vault: WRITES replacements of one of its notes (its text and a counter)
 * straight through the guarded host (a write before the journal), then as many through the journal (before-image, intent, write,
 * commit, each appended and flushed), one at a time; medians, p95 and their ratio. Then the
 * journal holding those changes is opened again (what a server start adds), and its size on disk.
 * Last, what every journaled call spends taking its turn with other servers on the vault (the
 * lock between processes and catching up with the file, ADR-0030), with nothing to catch up.
 */
import { defaultChangeJournalSettings } from '../../packages/shared/src/index.ts';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANY_TOOL,
  ChangeJournal,
} from '../../packages/obsidian-plugin/src/features/change-journal/index.ts';
import { HiddenFoldersHost } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { formatMs, summarize } from './measure.ts';

const WRITES = 1000;
const WARM_UP = 50;
const NOTE = 'Garden/Garden plan 2026.md';

const vault = await copyVault();
const original = await readFile(join(vault.root, NOTE), 'utf8');
const text = (index: number) => `${original}\n${index}\n`;
const host = await NodeHost.open(vault.root, { watch: false });
const guarded = new HiddenFoldersHost(host, () => []);
const folder = join(vault.root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal');
const options = {
  folder,
  host: guarded,
  unguardedHost: host,
  settings: defaultChangeJournalSettings,
  isHidden: () => false,
};

async function time(count: number, write: (index: number) => Promise<void>): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index++) await write(index);
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await write(index);
    samples.push(performance.now() - start);
  }
  return samples;
}

try {
  const direct = await time(WRITES, (index) =>
    guarded.process(NOTE, () => text(index)).then(() => undefined),
  );
  const journal = await ChangeJournal.open(options);
  const caller = journal.forActor({ tokenId: 'bench', label: 'bench' }, ANY_TOOL);
  const done = { ok: true as const, answer: {} };
  const journaled = await time(WRITES, async (index) => {
    await caller.runCall(
      { tool: 'create_vault_file', args: { index }, journaled: true },
      async (h) => {
        await h.process(NOTE, () => text(index));
        return done;
      },
    );
  });
  const turns = await time(WRITES, () => journal.shared.synced(async () => undefined));
  await journal.close();
  const opens: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const reopened = await ChangeJournal.open(options);
    opens.push(performance.now() - start);
    await reopened.close();
  }
  const journalBytes = (await stat(join(folder, 'journal.jsonl'))).size;
  const images = await readdir(join(folder, 'images'));
  const imageBytes = (
    await Promise.all(images.map(async (name) => (await stat(join(folder, 'images', name))).size))
  ).reduce((sum, size) => sum + size, 0);

  const [d, j] = [summarize(direct), summarize(journaled)];
  console.log(`note size ${Buffer.byteLength(text(0))} B, ${WRITES} writes each, one at a time`);
  console.log(`write, guarded host only   p50 ${formatMs(d.p50)}  p95 ${formatMs(d.p95)}`);
  console.log(`write, through the journal p50 ${formatMs(j.p50)}  p95 ${formatMs(j.p95)}`);
  console.log(`journaled / direct (p50)   ${(j.p50 / d.p50).toFixed(2)}x`);
  const turn = summarize(turns);
  console.log(`a turn with other servers  p50 ${formatMs(turn.p50)}  p95 ${formatMs(turn.p95)}`);
  console.log(
    `open a journal of ${WRITES + WARM_UP} changes: median ${formatMs(summarize(opens).p50)} (5 runs)`,
  );
  console.log(
    `on disk: journal.jsonl ${(journalBytes / 1024).toFixed(0)} KiB, ${images.length} images ${(imageBytes / 1024).toFixed(0)} KiB`,
  );
} finally {
  await host.close();
  await vault.remove();
}
