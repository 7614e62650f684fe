/**
 * `bun run bench:search [-- --notes N]`: search_vault_simple against ripgrep on a generated
 * vault of N notes (default 10,000, about 20 MB). Each query runs through the tool as a quoted phrase (argument validation,
 * ranking, result shaping) on a NodeHost with a warm note text cache, and as `rg -il -F` over the
 * same notes; both must count the same notes. Prints the median of each, their ratio (target: the
 * tool within 3x of rg), the cold cache fill and a JsonLogic search over the same vault.
 * Exits non-zero when rg is missing, when counts differ, or when a ratio misses the target.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import {
  registeredTool,
  runTool,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/test-support/run-tool.ts';
import {
  KEPT_BYTES,
  keptDocuments,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';
import { generateVault } from './generate-vault.ts';
import { formatMs, memoryOf, summarize } from './measure.ts';

const searchVault = registeredTool('search_vault');
const searchVaultSimple = registeredTool('search_vault_simple');

const { values: flags } = parseArgs({ options: { notes: { type: 'string', default: '10000' } } });
const NOTES = Number(flags.notes);
const RUNS = 21;
const WARM_UP = 3;
const TARGET_RATIO = 3;
const QUERIES = ['garden', 'deadline summary', 'Section 2', '[[Note 1234', 'no-such-text', 'the'];

function requireRipgrep(): void {
  if (spawnSync('rg', ['--version']).status === 0) return;
  console.error(
    'ripgrep (rg) is not installed; the benchmark compares against it.\n' +
      'Install it (Debian/Ubuntu: sudo apt-get install ripgrep; macOS: brew install ripgrep) and run again.',
  );
  process.exit(2);
}

async function medianMs(run: () => unknown): Promise<number> {
  for (let index = 0; index < WARM_UP; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return summarize(samples).p50;
}

/** Notes holding `query` (any case), as `rg -il -F` lists them. */
function ripgrepCount(root: string, query: string): number {
  const result = spawnSync('rg', ['-il', '-F', '-g', '*.md', '--', query, root], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(`rg failed: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean).length;
}

async function toolTotal(host: NodeHost, query: string): Promise<number> {
  // Quoted: the notes that hold the text as written, what rg lists (unquoted words are ranked).
  const result = await runTool(searchVaultSimple, host, { query: `"${query}"` });
  if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
  return (result.structuredContent as { total: number }).total;
}

async function compare(host: NodeHost, root: string): Promise<boolean> {
  let ok = true;
  console.log('query                 hits      tool p50     rg p50     ratio');
  for (const query of QUERIES) {
    const hits = await toolTotal(host, query);
    const rgHits = ripgrepCount(root, query);
    const tool = await medianMs(() => toolTotal(host, query));
    const rg = await medianMs(() => ripgrepCount(root, query));
    const ratio = tool / rg;
    const verdict =
      hits !== rgHits ? `COUNT MISMATCH (rg ${rgHits})` : ratio > TARGET_RATIO ? 'SLOW' : 'ok';
    if (verdict !== 'ok') ok = false;
    console.log(
      `${JSON.stringify(query).padEnd(20)} ${String(hits).padStart(7)} ${formatMs(tool).padStart(12)} ${formatMs(rg).padStart(10)} ${ratio.toFixed(2).padStart(8)}x  ${verdict}`,
    );
  }
  return ok;
}

async function jsonLogicMedian(host: NodeHost): Promise<void> {
  const query = {
    and: [
      { glob: ['Projects/**', { var: 'path' }] },
      { regexp: ['deadline\\s+summary', { var: 'content' }, 'i'] },
    ],
  };
  const run = () => runTool(searchVault, host, { query, queryType: 'jsonlogic' });
  const matches = ((await run()).structuredContent as { total: number }).total;
  console.log(
    `search_vault jsonlogic (glob + regexp over ${NOTES} notes): ${matches} notes, p50 ${formatMs(await medianMs(run))}`,
  );
}

const keptBudgetMiB = () => (KEPT_BYTES / 1024 / 1024).toFixed(0);

async function main(): Promise<void> {
  requireRipgrep();
  const root = await mkdtemp(join(tmpdir(), 'bench-search-'));
  try {
    const generated = await generateVault(root, NOTES);
    console.log(
      `generated ${generated.notes} notes, ${(generated.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    const host = await NodeHost.open(root, { watch: false });
    const rssBefore = (await memoryOf(process.pid)).rssMiB;
    const start = performance.now();
    await toolTotal(host, 'warm-up');
    console.log(
      `cold note text cache fill (first query): ${formatMs(performance.now() - start)}, RSS +${((await memoryOf(process.pid)).rssMiB - rssBefore).toFixed(0)} MiB`,
    );
    const ok = await compare(host, root);
    const held = keptDocuments.held();
    console.log(
      `ranking documents kept: ${held.documents} notes, ${(held.bytes / 1024 / 1024).toFixed(1)} MiB by their count (budget ${keptBudgetMiB()} MiB), ${held.vocabulary} terms; RSS ${(await memoryOf(process.pid)).rssMiB.toFixed(0)} MiB`,
    );
    await jsonLogicMedian(host);
    await host.close();
    if (!ok) process.exitCode = 1;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
