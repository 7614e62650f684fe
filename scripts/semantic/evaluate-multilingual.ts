/**
 * `bun run eval:multilingual [--verbose]`: how well each embedding model finds notes written in
 * other languages and scripts. The vault (scripts/semantic/multilingual/vault, 32 short notes in
 * Latin, Cyrillic, CJK, Hangul, Arabic, Devanagari, Greek and Hebrew script) and the questions
 * (multilingual/questions.json: each names the one note that answers it, asked in the note's
 * language or, "cross", in English) were written for this project. Every model this machine has
 * is scored in semantic and hybrid mode by recall@5 (the note is in the top 5) and rank-1 (it is
 * first); keyword ranking (BM25) alone is the baseline. A native model whose files are not in
 * this device's models folder is reported "not installed": nothing is downloaded here.
 */
import { join } from 'node:path';
import {
  NATIVE_MODELS,
  installLine,
  nativeModel,
  offlineModel,
  type EmbeddingProvider,
  type SearchMode,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { headlessModels } from '../../packages/headless/src/serve.ts';
import { threadEmbedders } from '../../packages/headless/src/semantic/thread-embedders.ts';
import { indexVault, type IndexedVault } from './indexed-vault.ts';
import questionSet from './multilingual/questions.json' with { type: 'json' };

export const MULTILINGUAL_VAULT = join(import.meta.dir, 'multilingual', 'vault');

export interface Question {
  query: string;
  expected: string;
  kind: 'same' | 'cross';
}

export const QUESTIONS = questionSet.questions as Question[];

interface Tally {
  recallAt5: number;
  rank1: number;
  asked: number;
}

/** recall@5 and rank-1 of `mode` over `questions`, from an index of the multilingual vault. */
async function scoreMode(
  vault: IndexedVault,
  mode: SearchMode,
  questions: readonly Question[],
  verbose: boolean,
): Promise<Tally> {
  const tally: Tally = { recallAt5: 0, rank1: 0, asked: questions.length };
  for (const question of questions) {
    const answer = await vault.index.query({
      text: question.query,
      limit: 5,
      mode,
      accept: () => true,
    });
    const rank = answer.hits.findIndex((hit) => hit.path === question.expected);
    if (rank !== -1) tally.recallAt5 += 1;
    if (rank === 0) tally.rank1 += 1;
    if (verbose)
      console.log(
        `  ${mode} ${rank === -1 ? '-' : rank + 1} ${question.query} -> ${question.expected}`,
      );
  }
  return tally;
}

function cells(tally: Tally): string {
  const share = (n: number) => (n / tally.asked).toFixed(2);
  return `${share(tally.recallAt5)} / ${share(tally.rank1)}`;
}

/** One row per mode and question kind (all, same language, cross-language). */
async function report(
  label: string,
  vault: IndexedVault,
  modes: readonly SearchMode[],
  verbose: boolean,
): Promise<void> {
  for (const mode of modes) {
    const row = [];
    for (const kind of ['all', 'same', 'cross'] as const) {
      const questions = QUESTIONS.filter((q) => kind === 'all' || q.kind === kind);
      row.push(cells(await scoreMode(vault, mode, questions, verbose && kind === 'all')));
    }
    const model = mode === 'lexical' ? 'keywords alone (BM25)' : label;
    console.log(`| ${model} | ${mode} | ${row.join(' | ')} |`);
  }
}

async function measure(
  label: string,
  provider: EmbeddingProvider,
  modes: readonly SearchMode[],
  verbose: boolean,
): Promise<void> {
  const vault = await indexVault(MULTILINGUAL_VAULT, provider);
  try {
    await report(label, vault, modes, verbose);
  } finally {
    await vault.close();
    await provider.dispose?.();
  }
}

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const same = QUESTIONS.filter((q) => q.kind === 'same').length;
  console.log(
    `${QUESTIONS.length} questions (${same} in the note's language, ${QUESTIONS.length - same} in English about a note in another), recall@5 / rank-1\n`,
  );
  console.log('| model | mode | all | same language | cross-language |');
  console.log('| --- | --- | --- | --- | --- |');
  const embedders = threadEmbedders();
  await measure(
    'offline:use-lite',
    offlineModel(embedders),
    ['lexical', 'semantic', 'hybrid'],
    verbose,
  );
  const models = headlessModels();
  const missing: string[] = [];
  for (const [name, spec] of Object.entries(NATIVE_MODELS)) {
    const status = await models.refresh(spec);
    if (status.state !== 'installed') {
      console.log(`| ${name} | - | not installed | not installed | not installed |`);
      missing.push(`${name}: ${installLine(status)}`);
      continue;
    }
    await measure(name, nativeModel(spec, embedders, models), ['semantic', 'hybrid'], verbose);
  }
  if (missing.length > 0)
    console.log(`\nNot measured here:\n${missing.map((line) => `- ${line}`).join('\n')}`);
}

if (import.meta.main) await main();
