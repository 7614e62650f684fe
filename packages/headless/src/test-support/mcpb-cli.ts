/** The official MCPB CLI (@anthropic-ai/mcpb), run with a real Node: validate, unpack, info. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { nodeExecutable } from './stdio-client.ts';

// The package's bin (dist/cli/cli.js) is not in its exports map; it sits beside the main entry.
const CLI = join(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/mcpb')),
  'cli',
  'cli.js',
);

export function mcpbCli(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(nodeExecutable(), [CLI, ...args], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}
