/**
 * `bun run conformance`: the official MCP conformance harness against the headless server.
 *
 * Copies a vault to a temp folder (the source is never touched), serves it headless in-process
 * with the test-only fixtures, puts the bearer-token proxy in front, and runs the harness twice
 * under Node 22: the 2026-07-28 requirement set (2026-07-28 wire) and the legacy `active` suite
 * (handshake line), both against scripts/conformance/expected-failures.yml. Prints a short table
 * and the same summary as JSON, removes everything it created, and exits non-zero when the
 * harness reports an unexpected failure or a stale baseline entry.
 *
 *   bun run conformance [-- --vault DIR] [--only requirements|active] [--verbose] [--keep]
 *
 * --verbose streams the harness output and the server's error log; --keep leaves the harness's
 * per-scenario checks.json files in the temp folder it names.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, parseArgs, stripVTControlCharacters } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { serveVault } from '../../packages/headless/src/serve.ts';
import { TEST_VAULT, copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { startAuthProxy } from './auth-proxy.ts';
import { conformanceFixtures } from './fixtures/index.ts';

const ROOT = join(import.meta.dir, '..', '..');
const HARNESS_DIR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance');
const HARNESS = join(HARNESS_DIR, 'dist', 'index.js');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const BASELINE = join(import.meta.dir, 'expected-failures.yml');
const REVISION = '2026-07-28';

interface Suite {
  id: 'requirements' | 'active';
  label: string;
  args: string[];
}

const SUITES: readonly Suite[] = [
  { id: 'requirements', label: `${REVISION} requirements`, args: ['--requirements', REVISION] },
  { id: 'active', label: 'active suite (legacy)', args: ['--suite', 'active'] },
];

type Status = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
interface Check {
  id: string;
  status: Status;
  errorMessage?: string;
}
interface Scenario {
  name: string;
  checks: Check[];
}
interface Counts {
  scenarios: { passed: number; failed: number };
  checks: { passed: number; failed: number; warnings: number; skipped: number };
}
interface SuiteSummary {
  id: Suite['id'];
  label: string;
  exitCode: number;
  durationMs: number;
  /** What decides the exit code: the required scenarios, or the whole active suite. */
  scored: Counts;
  /** Run and reported by the requirement set, never scored (extensions, pending). */
  notScored?: Counts;
  baseline: { expected: string[]; unexpected: string[]; stale: string[] };
}

const { values: options } = parseArgs({
  options: {
    vault: { type: 'string', default: TEST_VAULT },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

function failing(scenario: Scenario): boolean {
  return scenario.checks.some((check) => check.status === 'FAILURE' || check.status === 'WARNING');
}

function count(scenarios: readonly Scenario[]): Counts {
  const checks = scenarios.flatMap((scenario) => scenario.checks);
  const withStatus = (status: Status) => checks.filter((check) => check.status === status).length;
  const failed = scenarios.filter(failing).length;
  return {
    scenarios: { passed: scenarios.length - failed, failed },
    checks: {
      passed: withStatus('SUCCESS'),
      failed: withStatus('FAILURE'),
      warnings: withStatus('WARNING'),
      skipped: withStatus('SKIPPED'),
    },
  };
}

/** The harness writes one `server-<scenario>-<timestamp>/checks.json` per scenario. */
async function readScenarios(dir: string): Promise<Scenario[]> {
  if (!existsSync(dir)) return [];
  const scenarios: Scenario[] = [];
  for (const entry of (await readdir(dir)).sort()) {
    const name = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
    const file = join(dir, entry, 'checks.json');
    if (name === undefined || !existsSync(file)) continue;
    scenarios.push({ name, checks: JSON.parse(await readFile(file, 'utf8')) as Check[] });
  }
  return scenarios;
}

/** The harness's verdict on the baseline, as it prints it at the end of a run. */
function parseBaseline(output: string): SuiteSummary['baseline'] {
  const baseline: SuiteSummary['baseline'] = { expected: [], unexpected: [], stale: [] };
  let section: keyof SuiteSummary['baseline'] | undefined;
  for (const line of stripVTControlCharacters(output).split('\n')) {
    if (line.startsWith('Expected failures (in baseline)')) section = 'expected';
    else if (line.startsWith('Stale baseline entries')) section = 'stale';
    else if (line.startsWith('Unexpected failures (not in baseline)')) section = 'unexpected';
    else if (section !== undefined && /^ {2}[~✓✗] /.test(line))
      baseline[section].push(line.slice(4));
    else if (line.trim() !== '') section = undefined;
  }
  return baseline;
}

async function runHarness(suite: Suite, url: string, outputDir: string): Promise<[number, string]> {
  const args = [HARNESS, 'server', '--url', url, ...suite.args];
  args.push('--expected-failures', BASELINE, '--output-dir', outputDir);
  const child = spawn(NODE, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  harness = child;
  const log = createWriteStream(`${outputDir}.harness.log`);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log.write(chunk);
      if (options.verbose) process.stdout.write(chunk);
    });
  }
  const exitCode = await new Promise<number>((resolve) =>
    child.on('close', (code) => resolve(code ?? 1)),
  );
  log.end();
  return [exitCode, output];
}

/**
 * The server reports every request it rejects on console.error; the harness's negative probes
 * cause many. While a suite runs they go to its log (and, with --verbose, to the terminal).
 */
async function withServerLog<T>(file: string, run: () => Promise<T>): Promise<T> {
  const log = createWriteStream(file);
  const original = console.error;
  console.error = (...args: unknown[]) => {
    log.write(`${format(...args)}\n`);
    if (options.verbose) original(...args);
  };
  try {
    return await run();
  } finally {
    console.error = original;
    log.end();
  }
}

async function runSuite(suite: Suite, url: string, workDir: string): Promise<SuiteSummary> {
  const started = performance.now();
  const outputDir = join(workDir, suite.id);
  console.log(`Running the ${suite.label} ...`);
  const [exitCode, output] = await withServerLog(`${outputDir}.server.log`, () =>
    runHarness(suite, url, outputDir),
  );
  const scenarios = await readScenarios(outputDir);
  const summary: SuiteSummary = {
    id: suite.id,
    label: suite.label,
    exitCode,
    durationMs: Math.round(performance.now() - started),
    scored: count(scenarios),
    baseline: parseBaseline(output),
  };
  if (suite.id === 'requirements') {
    const required = new Set(await requiredScenarios());
    summary.scored = count(scenarios.filter((scenario) => required.has(scenario.name)));
    summary.notScored = count(scenarios.filter((scenario) => !required.has(scenario.name)));
  }
  if (exitCode !== 0 && !interrupted) reportProblems(summary, scenarios, output);
  return summary;
}

async function requiredScenarios(): Promise<string[]> {
  const file = join(HARNESS_DIR, 'requirements', `${REVISION}.yaml`);
  return (parseYaml(await readFile(file, 'utf8')) as { server: string[] }).server;
}

function reportProblems(
  summary: SuiteSummary,
  scenarios: readonly Scenario[],
  output: string,
): void {
  const { unexpected, stale } = summary.baseline;
  if (unexpected.length === 0 && stale.length === 0) {
    console.error(output.split('\n').slice(-40).join('\n'));
    return;
  }
  for (const entry of unexpected) {
    const [scenarioName, checkId] = entry.split(':');
    const scenario = scenarios.find((candidate) => candidate.name === scenarioName);
    const checks = (scenario?.checks ?? []).filter(
      (check) => (checkId === undefined || check.id === checkId) && check.status !== 'SUCCESS',
    );
    console.error(`  unexpected: ${entry}`);
    for (const check of checks)
      console.error(`    ${check.id} ${check.status}: ${check.errorMessage ?? ''}`);
  }
  for (const entry of stale) console.error(`  stale baseline entry (now passing): ${entry}`);
}

function printTable(summaries: readonly SuiteSummary[]): void {
  const rows = [['Suite', 'Scenarios pass/fail', 'Checks pass/fail/warn', 'Baseline']];
  const row = (label: string, counts: Counts, baseline: string) => {
    const { scenarios: s, checks: c } = counts;
    rows.push([
      label,
      `${s.passed}/${s.failed}`,
      `${c.passed}/${c.failed}/${c.warnings}`,
      baseline,
    ]);
  };
  for (const summary of summaries) {
    const { expected, unexpected, stale } = summary.baseline;
    const verdict =
      summary.exitCode === 0
        ? `ok (${expected.length} expected)`
        : `FAILED (${unexpected.length} unexpected, ${stale.length} stale)`;
    row(summary.notScored ? `${summary.label} (scored)` : summary.label, summary.scored, verdict);
    if (summary.notScored) row(`${summary.label} (not scored)`, summary.notScored, '-');
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((cells) => cells[column]!.length)),
  );
  for (const cells of rows) console.log(cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

function checkNode(): void {
  const version = existsSync(NODE)
    ? spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim()
    : '';
  if (!/^v(2[2-9]|[3-9]\d)\./.test(version)) {
    throw new Error(
      `The harness needs Node 22 at ${NODE} (the npm package node@22); found "${version}". Run bun install.`,
    );
  }
}

/** Undone last-in first-out, once, on the way out or on Ctrl+C. */
const cleanup: (() => Promise<void>)[] = [];
let harness: ChildProcess | undefined;
let interrupted = false;

async function runCleanup(): Promise<void> {
  for (const step of cleanup.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error(error));
  }
}

async function main(): Promise<number> {
  checkNode();
  const suites = SUITES.filter((suite) => options.only === undefined || suite.id === options.only);
  if (suites.length === 0) {
    throw new Error(`--only takes ${SUITES.map((suite) => suite.id).join(' or ')}`);
  }
  const started = performance.now();
  const vault = await copyVault(options.vault);
  cleanup.push(() => vault.remove());
  const workDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  cleanup.push(async () => {
    if (options.keep) console.log(`Harness results kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  });
  const server = await serveVault({ vault: vault.root, port: 0, extend: conformanceFixtures });
  cleanup.push(() => server.close());
  const proxy = await startAuthProxy({
    target: new URL(server.url),
    token: server.defaultToken?.secret ?? '',
  });
  cleanup.push(() => proxy.close());
  console.log(`Headless server ${server.url} behind the auth proxy ${proxy.url}\n`);

  const summaries: SuiteSummary[] = [];
  for (const suite of suites) {
    if (!interrupted) summaries.push(await runSuite(suite, proxy.url, workDir));
  }
  if (interrupted) return 130;
  const ok = summaries.every((summary) => summary.exitCode === 0);
  console.log('');
  printTable(summaries);
  const harness = JSON.parse(await readFile(join(HARNESS_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  const durationMs = Math.round(performance.now() - started);
  const report = {
    harness: harness.version,
    vault: options.vault,
    ok,
    durationMs,
    suites: summaries,
  };
  console.log(`\n${JSON.stringify(report, null, 2)}`);
  return ok ? 0 : 1;
}

if (import.meta.main) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // The first Ctrl+C stops the harness and cleans up; a second one exits at once.
    process.once(signal, () => {
      interrupted = true;
      harness?.kill();
    });
  }
  const code = await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  });
  await runCleanup();
  process.exit(code);
}
