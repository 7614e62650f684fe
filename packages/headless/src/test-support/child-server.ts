/**
 * The headless server as a separate process (`serve --port 0 --json`), for tests that must
 * survive a server that hangs or must stop one with a signal, for the e2e suite against the
 * built CLI, and for benchmarks: the caller talks to it over real HTTP, signals it by its pid,
 * and awaits its exit. `stop` kills it if it is still running. By default the source CLI under
 * Bun; `launch` runs another file under another runtime (the built CLI under Node).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { CliLaunch } from './cli-process.ts';

const SOURCE_CLI: CliLaunch = { runtime: 'bun', cli: join(import.meta.dir, '..', 'cli.ts') };

export interface ChildServerOptions {
  launch?: CliLaunch;
  /** Added to the child's environment. */
  env?: Record<string, string>;
  /**
   * The largest file the child may write, in KiB (RLIMIT_FSIZE, with SIGXFSZ ignored): past it
   * the kernel makes a short write, then fails with EFBIG, as a nearly full disk does.
   */
  fileSizeLimitKiB?: number;
}

export interface ChildServer {
  url: URL;
  token: string;
  pid: number;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  connect(token?: string): Promise<Client>;
  stop(): Promise<void>;
}

export async function startChildServer(
  vault: string,
  args: string[] = [],
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const { runtime, cli } = options.launch ?? SOURCE_CLI;
  const command = [runtime, cli, 'serve', '--vault', vault, '--port', '0', '--json', ...args];
  const limited = options.fileSizeLimitKiB;
  const [program, ...programArgs] =
    limited === undefined
      ? command
      : ['/bin/sh', '-c', `trap '' XFSZ; ulimit -f ${limited * 2}; exec "$@"`, 'sh', ...command];
  const child = spawn(program as string, programArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const first = await firstLine(child, exited);
  if (first === null) throw new Error(`the server did not start: ${stderr}`);
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  const clients: Client[] = [];
  return {
    url: new URL(url),
    token,
    pid: child.pid as number,
    exited,
    stderr: () => stderr,
    async connect(secret = token) {
      const client = new Client({ name: 'child-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${secret}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

function firstLine(child: ChildProcess, exited: Promise<unknown>): Promise<string | null> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve) => {
    lines.once('line', (line) => resolve(line));
    void exited.then(() => resolve(null));
  });
}
