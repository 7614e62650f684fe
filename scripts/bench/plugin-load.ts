/**
 * `bun run bench:plugin-load`: how long the built main.js takes to load in the simulated
 * Obsidian, as a user enabling the plugin waits for it. Builds main.js once, then loads it in
 * fresh processes (cold, as Obsidian starts): each run evaluates main.js (read, compile, run
 * its top level), then runs onload and layout-ready until the server serves, then connects the
 * official MCP client and makes one tools/call (firstCallMs: what a client waits for once the
 * server is up, including what loads on first use). Prints the median and the spread of each
 * phase, and of the CPU time evaluating takes (evaluateCpuMs: the work, which a busy machine
 * does not stretch; the test in load-plugin.test.ts bounds it).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawnSync } from 'node:child_process';
import { buildMainJs } from '../../packages/obsidian-sim/src/test-support/built-plugin.ts';
import {
  PLUGIN_DATA,
  makeSimVault,
} from '../../packages/obsidian-sim/src/test-support/sim-vault.ts';
import { loadPlugin } from '../../packages/obsidian-sim/src/index.ts';
import { firstTokenSecret } from '../../packages/shared/src/test-support/index.ts';
import { summarize } from './measure.ts';

const RUNS = 7;

interface Sample {
  evaluateMs: number;
  evaluateCpuMs: number;
  onloadMs: number;
  servingMs: number;
  firstCallMs: number;
}

/** One cold load in this process: prints its sample as JSON. */
async function once(mainJs: string): Promise<void> {
  const vault = await makeSimVault({ 'Welcome.md': '# Welcome\n' });
  const started = performance.now();
  const loaded = await loadPlugin({ vault: vault.root, mainJs });
  const serving = await loaded.waitForNotice(/serving at/);
  const servingMs = performance.now() - started;
  const firstCallMs = await timeFirstCall(serving.slice(serving.indexOf('http')), vault.root);
  const sample: Sample = { ...loaded.timings, servingMs, firstCallMs };
  await loaded.unload();
  await vault.remove();
  console.log(JSON.stringify(sample));
}

/** Connecting (the handshake) and the first tools/call, which reads a note. */
async function timeFirstCall(url: string, vaultRoot: string): Promise<number> {
  const secret = await firstTokenSecret(vaultRoot, PLUGIN_DATA);
  const started = performance.now();
  const client = new Client({ name: 'bench-plugin-load', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  const result = await client.callTool({
    name: 'get_vault_file',
    arguments: { path: 'Welcome.md' },
  });
  const elapsed = performance.now() - started;
  await client.close();
  if (result.isError === true) throw new Error(`get_vault_file failed: ${JSON.stringify(result)}`);
  return elapsed;
}

async function main(): Promise<void> {
  const built = await buildMainJs();
  const samples: Sample[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const child = spawnSync(process.execPath, [import.meta.path, '--once', built.mainJs], {
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`run ${run} failed: ${child.stderr}`);
      samples.push(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Sample);
    }
  } finally {
    await built.remove();
  }
  for (const phase of [
    'evaluateMs',
    'evaluateCpuMs',
    'onloadMs',
    'servingMs',
    'firstCallMs',
  ] as const) {
    const values = samples.map((sample) => sample[phase]);
    const { p50 } = summarize(values);
    const range = `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
    console.log(`${phase}: median ${p50.toFixed(1)} ms, range ${range} ms (${RUNS} cold runs)`);
  }
}

if (process.argv[2] === '--once') await once(process.argv[3] ?? '');
else await main();
