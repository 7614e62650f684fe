/**
 * Builds the Obsidian plugin: esbuild bundles src/main.ts into one CommonJS main.js that leaves
 * `obsidian`, `electron` and Node's built-ins to the app at run time, and writes the release
 * folder Obsidian loads: main.js, manifest.json, styles.css.
 */
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const ROOT = join(import.meta.dir, '..');
const PLUGIN = join(ROOT, 'packages', 'obsidian-plugin');

export const EXTERNAL_MODULES = [
  'obsidian',
  'electron',
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

export async function buildPlugin(
  outDir: string = join(ROOT, 'release', 'mcp-connector'),
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(PLUGIN, 'src', 'main.ts')],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    external: EXTERNAL_MODULES,
    minify: true,
    sourcemap: false,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  await copyFile(join(ROOT, 'manifest.json'), join(outDir, 'manifest.json'));
  await copyFile(join(PLUGIN, 'styles.css'), join(outDir, 'styles.css'));
  return outDir;
}

if (import.meta.main) {
  const outDir = await buildPlugin();
  console.log(`Plugin built in ${outDir}`);
}
