/**
 * `bun run eval:search [--tuning-only] [--hashing] [--verbose]`: how well the search tools answer
 * questions on the test vault (test-data/vault). Every question of questions.json (each with the
 * note that answers it, written before any tuning), then of held-out.json (written before the
 * second round of tuning and never used to choose it; figures printed apart), is asked, as
 * written, of search_vault_simple and search_vault_smart through the real headless server and the official MCP SDK client; and its
 * keywords go to `rg -il` (every keyword must match; files in path order), the baseline an agent
 * with a shell has. Prints, for each, how often the answer note is in the top 5, at rank 1, and
 * the mean reciprocal rank. Semantic search runs the offline model shipped in an npm package
 * (no download), or with --hashing the deterministic provider the tests use.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import tuningSet from './questions.json' with { type: 'json' };
import heldOutSet from './held-out.json' with { type: 'json' };
import { figuresOf, formatFigures, rankOf } from './scoring.ts';

// Nothing the evaluation starts may touch the real user's folders (as scripts/test-setup.ts).
const home = mkdtempSync(join(tmpdir(), 'mcp-search-eval-home-'));
process.env.HOME = home;
for (const name of ['XDG_STATE_HOME', 'XDG_CACHE_HOME', 'LOCALAPPDATA', 'USERPROFILE'])
  delete process.env[name];

const { serveVault } = await import('../../packages/headless/src/serve.ts');
const { threadEmbedders } =
  await import('../../packages/headless/src/semantic/thread-embedders.ts');
const { copyVault } = await import('../../packages/headless/src/test-support/temp-vault.ts');
const { connectMcpClient } =
  await import('../../packages/headless/src/test-support/test-clients.ts');
const { hashingProvider, offlineModel } =
  await import('../../packages/obsidian-plugin/src/features/semantic-search/index.ts');

interface Question {
  question: string;
  answer: string;
  keywords: string[];
}

/**
 * The index is built before the first semantic answer (the offline model: a minute or so, many on
 * a busy machine): a query that finds it building is asked again, each waiting at most
 * QUERY_WAIT_MS (under the MCP client's 60 s request timeout), for up to INDEX_WAIT_MS in all.
 */
const INDEX_WAIT_MS = 1_800_000;
const QUERY_WAIT_MS = 20_000;

const args = new Set(process.argv.slice(2));
const verbose = args.has('--verbose');
/** The tuning set, then (unless --tuning-only) the held-out one, asked of one server. */
const SETS = [
  { name: 'questions.json (tuning)', questions: tuningSet.questions },
  ...(args.has('--tuning-only')
    ? []
    : [{ name: 'held-out.json (held out)', questions: heldOutSet.questions }]),
];

async function pathsFrom(client: Client, tool: string, query: string): Promise<string[]> {
  const deadline = Date.now() + INDEX_WAIT_MS;
  for (;;) {
    const result = await client.callTool({
      name: tool,
      arguments: tool === 'search_vault_smart' ? { query, limit: 10 } : { query },
    });
    const content = result.structuredContent as
      { hits?: { path: string }[]; code?: string } | undefined;
    if (content?.code === 'index_building' && Date.now() < deadline) continue;
    if (result.isError === true || content?.hits === undefined)
      throw new Error(`${tool} failed on "${query}": ${JSON.stringify(result.content)}`);
    return content.hits.map((hit) => hit.path);
  }
}

function ripgrepInstalled(): boolean {
  return spawnSync('rg', ['--version']).status === 0;
}

/** Notes holding every keyword (any case), in path order, as `rg -il` piped into `rg -il`. */
function ripgrepPaths(root: string, keywords: readonly string[]): string[] {
  let files: string[] = ['.'];
  for (const keyword of keywords) {
    const result = spawnSync(
      'rg',
      ['-il', '-F', '--sort', 'path', '-g', '*.md', '--', keyword, ...files],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0 && result.status !== 1) throw new Error(`rg failed: ${result.stderr}`);
    files = result.stdout.split('\n').filter((line) => line !== '');
    if (files.length === 0) return [];
  }
  return files.map((file) => file.replace(/^\.\//, '')).sort();
}

async function main(): Promise<void> {
  const vault = await copyVault();
  const provider = args.has('--hashing')
    ? () => hashingProvider(64)
    : () => offlineModel(threadEmbedders());
  const server = await serveVault({
    vault: vault.root,
    port: 0,
    semantic: { createProvider: provider, onProgress: () => undefined, queryWaitMs: QUERY_WAIT_MS },
  });
  try {
    const token = server.defaultToken?.secret;
    if (token === undefined || token === null) throw new Error('The server minted no token.');
    const client = await connectMcpClient(new URL(server.url), token, 'modern');
    const rg = ripgrepInstalled();
    const providerName = args.has('--hashing') ? 'hashing' : 'offline (USE lite)';
    for (const set of SETS) {
      const ranks = {
        simple: [] as (number | null)[],
        smart: [] as (number | null)[],
        rg: [] as (number | null)[],
      };
      for (const { question, answer, keywords } of set.questions as Question[]) {
        const simple = rankOf(await pathsFrom(client, 'search_vault_simple', question), answer);
        const smart = rankOf(await pathsFrom(client, 'search_vault_smart', question), answer);
        const grep = rg ? rankOf(ripgrepPaths(vault.root, keywords), answer) : null;
        ranks.simple.push(simple);
        ranks.smart.push(smart);
        ranks.rg.push(grep);
        if (verbose)
          console.log(
            `simple ${String(simple ?? '-').padStart(3)}  smart ${String(smart ?? '-').padStart(3)}  rg ${String(grep ?? '-').padStart(3)}  ${question}`,
          );
      }
      console.log(
        `\n${set.name}: ${set.questions.length} questions on test-data/vault; semantic provider ${providerName}`,
      );
      console.log(formatFigures('search_vault_simple (as asked)', figuresOf(ranks.simple)));
      console.log(formatFigures('search_vault_smart (as asked)', figuresOf(ranks.smart)));
      if (rg) console.log(formatFigures('rg -il (keywords, path order)', figuresOf(ranks.rg)));
      else console.log('rg -il: skipped, ripgrep is not installed (apt-get install ripgrep).');
    }
    await client.close();
  } finally {
    await server.close();
    await vault.remove();
    rmSync(home, { recursive: true, force: true });
  }
}

await main();
