/**
 * `bun run bench:regex`: the three patterns that freeze a backtracking engine, `(a|a)*$`,
 * `(\S|\S)*$` and `a*a*a*a*a*a*$`, through search_vault (regexp operator) and search_and_replace
 * (dry run) on a generated vault (default 10,000 notes, about 20 MB; `--notes N` for another
 * size), plus one note of 40,000 "a"s, which is what makes them catastrophic. Prints each call's
 * median wall time and its outcome (matches, or the error code). Exits non-zero when a call takes
 * a second or more: the bound.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import {
  registeredTool,
  runTool,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/test-support/run-tool.ts';
import { generateVault } from './generate-vault.ts';
import { formatMs, summarize } from './measure.ts';

const PATTERNS = ['(a|a)*$', '(\\S|\\S)*$', 'a*a*a*a*a*a*$'];
const searchVault = registeredTool('search_vault');
const searchAndReplace = registeredTool('search_and_replace');
const RUNS = 5;
const LIMIT_MS = 1000;

const { values } = parseArgs({ options: { notes: { type: 'string', default: '10000' } } });
const notes = Number(values.notes);
const root = await mkdtemp(join(tmpdir(), 'bench-regex-'));
let slow = false;
try {
  const generated = await generateVault(root, notes);
  await writeFile(join(root, 'adversarial.md'), `${'a'.repeat(40_000)}!`);
  const host = await NodeHost.open(root, { watch: false });
  console.log(`${notes} notes, ${(generated.bytes / 1e6).toFixed(1)} MB, plus 40,000 "a"s`);
  for (const pattern of PATTERNS) {
    const calls = {
      search_vault: () =>
        runTool(searchVault, host, {
          queryType: 'jsonlogic',
          query: { regexp: [pattern, { var: 'content' }] },
        }),
      search_and_replace: () => runTool(searchAndReplace, host, { pattern, replacement: 'X' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const samples: number[] = [];
      let outcome = '';
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const result = await call();
        samples.push(performance.now() - start);
        const content = result.structuredContent as Record<string, unknown>;
        outcome = result.isError
          ? `error ${String(content.code)}`
          : `${String(content.total ?? content.filesMatched)} notes match`;
      }
      const { p50 } = summarize(samples);
      const max = Math.max(...samples);
      if (max >= LIMIT_MS) slow = true;
      console.log(
        `${name.padEnd(18)} ${pattern.padEnd(15)} median ${formatMs(p50)}, max ${formatMs(max)}: ${outcome}`,
      );
    }
  }
  await host.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
if (slow) {
  console.error(`A call took ${LIMIT_MS} ms or more.`);
  process.exit(1);
}
