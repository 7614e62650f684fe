/**
 * `bun scripts/semantic/evaluate.ts [--fresh] [--verbose]`: search quality on the tasks-demo
 * vault with the offline model (Universal Sentence Encoder lite, shipped in an npm package).
 * Every question of eval-set.json is asked in three modes (lexical BM25 alone, semantic alone,
 * hybrid fusion) and scored by recall@5 (share of the expected notes in the top 5) and MRR
 * (1 / rank of the first expected note, 0 beyond the top 10). The index is kept in a temp
 * folder between runs, so only the first run (or --fresh) pays for embedding the vault.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offlineModel } from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { threadEmbedders } from '../../packages/headless/src/semantic/thread-embedders.ts';
import type { SearchMode } from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import evalSet from './eval-set.json' with { type: 'json' };
import { existsSync } from 'node:fs';
import { TASKS_DEMO } from '../../packages/shared/src/test-support/shared-data.ts';
import { indexVault } from './indexed-vault.ts';

const MODES: SearchMode[] = ['lexical', 'semantic', 'hybrid'];
const CACHE = join(tmpdir(), 'mcp-connector-semantic-eval');

interface Score {
  recallAt5: number;
  reciprocalRank: number;
}

function mean(results: readonly Score[]): Score {
  const sum = results.reduce(
    (total, result) => ({
      recallAt5: total.recallAt5 + result.recallAt5,
      reciprocalRank: total.reciprocalRank + result.reciprocalRank,
    }),
    { recallAt5: 0, reciprocalRank: 0 },
  );
  return {
    recallAt5: sum.recallAt5 / results.length,
    reciprocalRank: sum.reciprocalRank / results.length,
  };
}

export function score(ranked: readonly string[], relevant: readonly string[]): Score {
  const top5 = new Set(ranked.slice(0, 5));
  const found = relevant.filter((path) => top5.has(path)).length;
  const first = ranked.slice(0, 10).findIndex((path) => relevant.includes(path));
  return { recallAt5: found / relevant.length, reciprocalRank: first === -1 ? 0 : 1 / (first + 1) };
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  if (args.has('--fresh')) await rm(CACHE, { recursive: true, force: true });
  if (!existsSync(TASKS_DEMO)) {
    // The questions were written for tasks-demo, material from elsewhere kept beside the repo.
    console.error(
      'eval:semantic needs the tasks-demo vault (../shared/vaults/tasks-demo): put the shared test data beside the repository as ../shared, or set MCP_CONNECTOR_SHARED to its folder.',
    );
    process.exit(1);
  }
  const vault = await indexVault(TASKS_DEMO, offlineModel(threadEmbedders()), CACHE);
  const status = vault.index.status();
  console.log(
    `tasks-demo: ${status.filesTotal} notes, ${status.chunks} chunks, provider ${status.providerId}, index ready in ${(vault.buildMs / 1000).toFixed(1)} s (${vault.index.stats?.chunksEmbedded ?? 0} chunks embedded this run)`,
  );
  const scores = new Map(MODES.map((mode) => [mode, [] as Score[]]));
  for (const { query, relevant } of evalSet.queries) {
    const line: string[] = [];
    for (const mode of MODES) {
      const answer = await vault.index.query({ text: query, limit: 10, mode, accept: () => true });
      const result = score(
        answer.hits.map((hit) => hit.path),
        relevant,
      );
      scores.get(mode)?.push(result);
      line.push(
        `${mode} r@5 ${result.recallAt5.toFixed(2)} rr ${result.reciprocalRank.toFixed(2)}`,
      );
    }
    if (args.has('--verbose')) console.log(`${query}\n  ${line.join(' | ')}`);
  }
  // The fusion's k and weights were chosen on the odd questions; the even ones are held out.
  const parts: [string, (index: number) => boolean][] = [
    ['all questions', () => true],
    ['tuning half (odd)', (index) => index % 2 === 1],
    ['held-out half (even)', (index) => index % 2 === 0],
  ];
  for (const [label, keep] of parts) {
    const means = MODES.map((mode) =>
      mean((scores.get(mode) ?? []).filter((_, index) => keep(index))),
    );
    console.log(
      `\n${label} (${(scores.get('lexical') ?? []).filter((_, index) => keep(index)).length})   recall@5   MRR`,
    );
    MODES.forEach((mode, index) => {
      const result = means[index] as Score;
      console.log(
        `${mode.padEnd(12)}   ${result.recallAt5.toFixed(3)}     ${result.reciprocalRank.toFixed(3)}`,
      );
    });
    const [lexical, semantic, hybrid] = means as [Score, Score, Score];
    const beats = (metric: keyof Score) =>
      hybrid[metric] > lexical[metric] && hybrid[metric] > semantic[metric];
    console.log(
      `hybrid beats both: recall@5 ${beats('recallAt5') ? 'yes' : 'NO'}, MRR ${beats('reciprocalRank') ? 'yes' : 'NO'}`,
    );
  }
  await vault.close();
}

if (import.meta.main) await main();
