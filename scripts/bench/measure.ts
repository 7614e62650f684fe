/**
 * Small measuring tools shared by the benchmark scripts: percentiles of a latency sample, a
 * process's resident memory from /proc, and a child server started with `serve --json`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

export function summarize(samplesMs: number[]): {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
} {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
  };
}

/** Resident set size now and at its peak (VmHWM), in MiB, read from /proc/<pid>/status. */
export async function memoryOf(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  token: string;
  stop(): Promise<void>;
}

/** Starts `bun packages/headless/src/cli.ts serve --vault DIR --port 0 --json` and reads its first line. */
export async function startServerProcess(root: string, vault: string): Promise<ServerProcess> {
  const child = spawn(
    'bun',
    ['packages/headless/src/cli.ts', 'serve', '--vault', vault, '--port', '0', '--json'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  return {
    child,
    url,
    token,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function formatMs(value: number): string {
  return `${value.toFixed(2)} ms`;
}
