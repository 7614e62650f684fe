/**
 * A per-token .mcpb: a zip of manifest.json, server/index.js (the stdio shim, byte for byte the
 * generated STDIO_SHIM_SOURCE) and server/package.json, which pins the folder to CommonJS so the
 * shim loads as CommonJS under `node` and under `import()` whatever package.json lies above it.
 * Exported with the fallback, it also carries the built headless CLI in server/headless/ (cli.mjs,
 * an ES module whatever the folder says, its threads and the chunks they load), which serves the
 * vault when no server answers.
 */
import { basename, dirname } from 'node:path';
import { STDIO_SHIM_SOURCE } from '../../generated/stdio-shim.ts';
import { slugOf } from '../naming.ts';
import type { BundleTarget } from './bundle-target.ts';
import { FALLBACK_CLI, SHIM_ENTRY_POINT, mcpbManifest } from './mcpb-manifest.ts';
import { utf8Bytes, zipFiles } from './zip.ts';

export interface McpbOptions {
  /**
   * The built headless CLI's files by name (dist/cli.mjs and its threads' files): when given,
   * the bundle starts the vault's background server from it when none runs (ADR-0062).
   */
  fallbackCli?: Record<string, Uint8Array>;
}

export async function buildMcpb(
  target: BundleTarget,
  options: McpbOptions = {},
): Promise<Uint8Array> {
  const json = (value: unknown) => utf8Bytes(`${JSON.stringify(value, null, 2)}\n`);
  const fallback = options.fallbackCli;
  return zipFiles({
    'manifest.json': json(mcpbManifest(target, { fallback: fallback !== undefined })),
    [SHIM_ENTRY_POINT]: utf8Bytes(STDIO_SHIM_SOURCE),
    'server/package.json': json({ type: 'commonjs', private: true }),
    ...(fallback !== undefined && headlessFiles(fallback)),
  });
}

/** server/headless/<name> for each file; cli.mjs must be one of them (the shim starts it). */
function headlessFiles(files: Record<string, Uint8Array>): Record<string, Uint8Array> {
  if (files[basename(FALLBACK_CLI)] === undefined)
    throw new Error(`The fallback needs the built ${basename(FALLBACK_CLI)}.`);
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [
      `server/${dirname(FALLBACK_CLI)}/${name}`,
      bytes,
    ]),
  );
}

/** A file name for the bundle, such as `obsidian-my-notes-claude-desktop.mcpb`. */
export function mcpbFileName(target: BundleTarget): string {
  const parts = ['obsidian', slugOf(target.vaultName), slugOf(target.tokenLabel)].filter(Boolean);
  return `${parts.join('-')}.mcpb`;
}
