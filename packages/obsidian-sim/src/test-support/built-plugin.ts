/**
 * The plugin as users install it, for the simulation's tests: main.js built from the current
 * sources by the release build (scripts/build-plugin.ts) into a temp folder once per test file.
 * Building here, not reading release/, means the gate's test step never sees a stale or missing
 * bundle although `bun run build` runs after `bun test`.
 */
import { buildPlugin } from '../../../../scripts/build-plugin.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltPlugin {
  mainJs: string;
  remove(): Promise<void>;
}

export async function buildMainJs(): Promise<BuiltPlugin> {
  const folder = await mkdtemp(join(tmpdir(), 'obsidian-sim-build-'));
  const outDir = await buildPlugin(join(folder, 'local-mcp-server'));
  return {
    mainJs: join(outDir, 'main.js'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
