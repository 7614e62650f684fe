/**
 * A per-token .mcpb: a zip of manifest.json, server/index.js (the stdio shim, byte for byte the
 * generated STDIO_SHIM_SOURCE) and server/package.json, which pins the folder to CommonJS so the
 * shim loads as CommonJS under `node` and under `import()` whatever package.json lies above it.
 */
import { STDIO_SHIM_SOURCE } from '../../generated/stdio-shim.ts';
import { slugOf } from '../naming.ts';
import type { BundleTarget } from './bundle-target.ts';
import { SHIM_ENTRY_POINT, mcpbManifest } from './mcpb-manifest.ts';
import { utf8Bytes, zipFiles } from './zip.ts';

export function buildMcpb(target: BundleTarget): Uint8Array {
  const json = (value: unknown) => utf8Bytes(`${JSON.stringify(value, null, 2)}\n`);
  return zipFiles({
    'manifest.json': json(mcpbManifest(target)),
    [SHIM_ENTRY_POINT]: utf8Bytes(STDIO_SHIM_SOURCE),
    'server/package.json': json({ type: 'commonjs', private: true }),
  });
}

/** A file name for the bundle, such as `obsidian-my-notes-claude-desktop.mcpb`. */
export function mcpbFileName(target: BundleTarget): string {
  const parts = ['obsidian', slugOf(target.vaultName), slugOf(target.tokenLabel)].filter(Boolean);
  return `${parts.join('-')}.mcpb`;
}
