/**
 * The official MCPB CLI (@anthropic-ai/mcpb), run with a real Node: validate, unpack, info; and
 * what a test bundle is made for.
 */
import type { BundleTarget } from '@mcp-connector/obsidian-plugin/client-config';
import type { TokenRecord } from '@mcp-connector/shared';
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

/** A bundle for `record` of the vault at `vaultPath` (shown as "Garden"). */
export function bundleTargetFor(vaultPath: string, record: TokenRecord): BundleTarget {
  return {
    vaultPath,
    vaultName: 'Garden',
    configDir: '.obsidian',
    pluginId: 'local-mcp-server',
    tokenId: record.id,
    tokenLabel: record.label,
    version: '0.1.0',
  };
}
