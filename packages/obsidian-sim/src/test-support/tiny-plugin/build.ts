/** Bundles the tiny plugin as the release build bundles ours: CommonJS, `obsidian` external. */
import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuiltPlugin } from '../built-plugin.ts';

export async function buildTinyPlugin(): Promise<BuiltPlugin> {
  const folder = await mkdtemp(join(tmpdir(), 'obsidian-sim-tiny-'));
  const mainJs = join(folder, 'main.js');
  await build({
    entryPoints: [join(import.meta.dir, 'main.ts')],
    outfile: mainJs,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    external: ['obsidian'],
    logLevel: 'warning',
  });
  const manifest = {
    id: 'tiny',
    name: 'Tiny',
    version: '1.0.0',
    minAppVersion: '1.7.2',
    description: 'A test plugin.',
    author: 'tests',
  };
  await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));
  return { mainJs, remove: () => rm(folder, { recursive: true, force: true }) };
}
