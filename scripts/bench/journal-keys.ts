/**
 * `bun run bench:journal-keys`: whether the change journal holds its bounds through many keyed
 * writes (issue 38, class 6). In process, on a temp copy of the test vault, with
 * `maxSizeMb` at 2: KEYED_WRITES replacements of one note, each with an idempotency key of its
 * own, through the journal as callTool runs them; each answer carries the note's text, as a
 * write's answer can. Prints
 * the journal's size on disk and the write latency (p50, p95 over a window) at the start and at
 * the end, and how often the file was rewritten.
 */
import { defaultChangeJournalSettings } from '../../packages/shared/src/index.ts';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANY_TOOL,
  ChangeJournal,
} from '../../packages/obsidian-plugin/src/features/change-journal/index.ts';
import {
  keptAnswer,
  successResult,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';
import { HiddenFoldersHost } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { formatMs, summarize } from './measure.ts';

const KEYED_WRITES = Number(process.argv[2] ?? 10_000);
const WINDOW = 500;
const MAX_SIZE_MB = 2;
const NOTE = 'Garden/Garden plan 2026.md';

const vault = await copyVault();
const host = await NodeHost.open(vault.root, { watch: false });
const guarded = new HiddenFoldersHost(host, () => []);
const folder = join(vault.root, '..', `${vault.root.split('/').at(-1) ?? 'vault'}-journal`);
const journal = await ChangeJournal.open({
  folder,
  host: guarded,
  unguardedHost: host,
  settings: () => ({ ...defaultChangeJournalSettings(), maxSizeMb: MAX_SIZE_MB }),
  isHidden: () => false,
});
const caller = journal.forActor({ tokenId: 'bench', label: 'bench' }, ANY_TOOL);

async function onDisk(): Promise<number> {
  const images = await readdir(join(folder, 'images'));
  const sizes = await Promise.all(images.map((name) => stat(join(folder, 'images', name))));
  const journalBytes = (await stat(join(folder, 'journal.jsonl'))).size;
  return journalBytes + sizes.reduce((sum, each) => sum + each.size, 0);
}

const samples: number[] = [];
let largest = 0;
try {
  for (let index = 0; index < KEYED_WRITES; index++) {
    const start = performance.now();
    await caller.runCall(
      {
        tool: 'create_vault_file',
        args: { index },
        journaled: true,
        idempotencyKey: `k${index}`,
        keptAnswer, // as callTool keeps them
      },
      async (h) => {
        const text = await h.process(NOTE, (now) => `${now.split('\n#')[0] ?? ''}\n# ${index}\n`);
        return { ok: true as const, answer: successResult({ path: NOTE, content: text }) };
      },
    );
    samples.push(performance.now() - start);
    if (index % WINDOW === WINDOW - 1) largest = Math.max(largest, await onDisk());
    if (index === WINDOW - 1) {
      const first = summarize(samples.slice(0, WINDOW));
      console.log(
        `first ${WINDOW} writes: p50 ${formatMs(first.p50)}  p95 ${formatMs(first.p95)}  on disk ${(largest / 1024).toFixed(0)} KiB`,
      );
    }
  }
  const last = summarize(samples.slice(-WINDOW));
  const end = await onDisk();
  console.log(
    `last ${WINDOW} writes:  p50 ${formatMs(last.p50)}  p95 ${formatMs(last.p95)}  on disk ${(end / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `${KEYED_WRITES} keyed writes; largest on disk ${(largest / 1024).toFixed(0)} KiB against maxSizeMb ${MAX_SIZE_MB} (${MAX_SIZE_MB * 1024} KiB)`,
  );
} finally {
  await journal.close();
  await host.close();
  await vault.remove();
  const { rm } = await import('node:fs/promises');
  await rm(folder, { recursive: true, force: true });
}
