/**
 * `bun run test:load [-- --runs N] [bun test arguments]`: the whole test suite (`bun run test`,
 * with its per-test timeout), N times in a row (3 by default), with every core kept busy by a
 * `yes > /dev/null` per core, to show the suite does not depend on timing. Prints the counts and
 * the wall time of each run, and exits non-zero if any run had a failure or an error. The busy loops are this script's own children, stopped
 * by their process ids when it ends (also on Ctrl+C).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

interface RunResult {
  exitCode: number;
  seconds: number;
  pass: number;
  fail: number;
  skip: number;
  errors: number;
  files: number;
}

function startBusyLoops(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn('yes', [], { stdio: 'ignore' }));
}

function stopBusyLoops(loops: readonly ChildProcess[]): void {
  for (const loop of loops)
    if (loop.pid !== undefined && loop.exitCode === null) loop.kill('SIGKILL');
}

/** The counts bun test prints at the end (" 12 pass", "Ran 40 tests across 5 files."). */
export function parseSummary(output: string): Omit<RunResult, 'exitCode' | 'seconds'> {
  const count = (label: string) =>
    Number(new RegExp(`^\\s*(\\d+) ${label}$`, 'm').exec(output)?.[1] ?? 0);
  return {
    pass: count('pass'),
    fail: count('fail'),
    skip: count('skip'),
    errors: count('errors?'),
    files: Number(/across (\d+) files?/.exec(output)?.[1] ?? 0),
  };
}

/** Each failing test once, with the lines bun printed before it (the error and its source). */
function printFailures(output: string): void {
  const lines = output.split('\n');
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (!line.startsWith('(fail)') || seen.has(line)) return;
    seen.add(line);
    const context = lines
      .slice(Math.max(0, index - 12), index)
      .filter((text) => text.trim() !== '' && !/^\((pass|skip)\)/.test(text));
    console.log(['', ...context, line].map((text) => `    ${text}`).join('\n'));
  });
}

async function runSuite(args: readonly string[]): Promise<RunResult> {
  const started = performance.now();
  const child = spawn('bun', ['run', 'test', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = await new Promise<number>((resolve) =>
    child.on('close', (code) => resolve(code ?? 1)),
  );
  printFailures(output);
  return { exitCode, seconds: (performance.now() - started) / 1000, ...parseSummary(output) };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '3' } },
    allowPositionals: true,
    strict: false,
  });
  const runs = Number(values.runs);
  const cores = availableParallelism();
  const loops = startBusyLoops(cores);
  const stop = () => stopBusyLoops(loops);
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  console.log(
    `bun test under load: ${cores} busy loop(s) (yes > /dev/null, pids ${loops.map((loop) => loop.pid).join(', ')}), ${runs} run(s)`,
  );
  const results: RunResult[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const result = await runSuite(positionals);
      results.push(result);
      console.log(
        `run ${run}: ${result.pass} pass, ${result.fail} fail, ${result.skip} skip, ${result.errors} errors, ${result.files} files, ${result.seconds.toFixed(1)} s (exit ${result.exitCode})`,
      );
    }
  } finally {
    stop();
  }
  const bad = results.filter(
    (result) => result.exitCode !== 0 || result.fail > 0 || result.errors > 0,
  );
  console.log(
    bad.length === 0 ? `all ${runs} runs passed` : `${bad.length} of ${runs} runs failed`,
  );
  process.exit(bad.length === 0 ? 0 : 1);
}

if (import.meta.main) await main();
