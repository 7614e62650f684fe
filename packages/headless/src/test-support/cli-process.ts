/**
 * The built CLI, the way users and clients run it: packages/headless/dist/cli.mjs (from `bun run
 * build:headless`) under the system `node` (MCP_E2E_NODE and MCP_E2E_CLI pick another runtime or
 * file), over HTTP through startChildServer, or `serve --stdio --token ID` launched by the
 * official SDK client's stdio transport (connectStdioCli).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.ts';
import type { ProtocolLine } from './test-clients.ts';
import { connectStdio, nodeExecutable, type StdioTestClient } from './stdio-client.ts';

export interface CliLaunch {
  /** The runtime: an absolute path, or a name looked up on PATH. */
  runtime: string;
  /** The CLI file it runs. */
  cli: string;
}

export const BUILT_CLI = join(packageRoot(), 'dist', 'cli.mjs');

/** The built CLI under the system Node (or MCP_E2E_NODE / MCP_E2E_CLI). */
export function builtCliLaunch(): CliLaunch {
  const cli = process.env.MCP_E2E_CLI ?? BUILT_CLI;
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`bun run build:headless\` first.`);
  return { runtime: process.env.MCP_E2E_NODE ?? nodeExecutable(), cli };
}

/**
 * An SDK client that launches `serve --vault DIR --stdio --token ID --in-process` as its server:
 * the process serves the vault itself, so what these tests check is the stdio server's own
 * behaviour. The relay to the vault's shared server (the default) has its tests in
 * shared-server.e2e.test.ts.
 */
export function connectStdioCli(
  launch: CliLaunch,
  vault: string,
  token: string,
  line: ProtocolLine,
): Promise<StdioTestClient> {
  return connectStdio({
    command: launch.runtime,
    args: [launch.cli, 'serve', '--vault', vault, '--stdio', '--token', token, '--in-process'],
    env: { ...(process.env as Record<string, string>) },
    line,
  });
}
