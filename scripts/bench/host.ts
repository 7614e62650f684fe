/**
 * `bun run bench:host`: how fast NodeHost builds its index cold (reading every file, parsing
 * metadata, resolving links) on a copy of the test vault and on a generated 10,000-note
 * vault, and how long one edited note takes to re-index. Prints notes/s, MB/s and peak RSS.
 */
import { gc } from 'bun';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { generateVault } from './generate-vault.ts';
import { memoryOf, summarize } from './measure.ts';

async function coldIndex(label: string, root: string): Promise<NodeHost> {
  const start = performance.now();
  const host = await NodeHost.open(root, { watch: false });
  const seconds = (performance.now() - start) / 1000;
  const notes = host.listFiles().filter((file) => file.extension === 'md');
  const megabytes = notes.reduce((sum, file) => sum + file.stat.size, 0) / 1024 / 1024;
  console.log(
    `${label}: ${notes.length} notes, ${megabytes.toFixed(1)} MB, cold index ${seconds.toFixed(2)} s = ${(notes.length / seconds).toFixed(0)} notes/s, ${(megabytes / seconds).toFixed(1)} MB/s`,
  );
  return host;
}

async function reindexOneNote(host: NodeHost, path: string): Promise<void> {
  const samples: number[] = [];
  for (let round = 0; round < 200; round++) {
    const start = performance.now();
    await host.process(path, (text) => `${text}\nEdit ${round} links [[Note ${round}]] #edited`);
    samples.push(performance.now() - start);
  }
  const stats = summarize(samples);
  console.log(
    `re-index one edited note (write + parse + links, 200 edits): p50 ${stats.p50.toFixed(2)} ms, p95 ${stats.p95.toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms`,
  );
}

async function main(): Promise<void> {
  const demo = await copyVault();
  try {
    await (await coldIndex('test vault', demo.root)).close();
  } finally {
    await demo.remove();
  }
  const folder = await mkdtemp(join(tmpdir(), 'bench-host-'));
  try {
    const generated = await generateVault(folder, 10_000);
    console.log(
      `generated ${generated.notes} notes, ${(generated.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    const host = await coldIndex('generated', folder);
    gc(true);
    console.log(
      `RSS with the 10,000-note index loaded (after GC): ${(await memoryOf(process.pid)).rssMiB.toFixed(1)} MiB`,
    );
    await reindexOneNote(host, generated.paths[1234] as string);
    await host.close();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  console.log(`peak RSS: ${(await memoryOf(process.pid)).peakMiB.toFixed(1)} MiB`);
}

await main();
