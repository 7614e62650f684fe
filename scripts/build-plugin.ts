/**
 * Builds the Obsidian plugin: esbuild bundles src/main.ts (with its Svelte components) into one
 * CommonJS main.js that leaves `obsidian`, `electron` and Node's built-ins to the app at run
 * time, and writes the release folder Obsidian loads: main.js, manifest.json and styles.css (the
 * plugin's own stylesheet followed by the components' styles).
 */
import { build, type Plugin } from 'esbuild';
import sveltePlugin from 'esbuild-svelte';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { exports as resolveExports } from 'resolve.exports';

const ROOT = join(import.meta.dir, '..');
const PLUGIN = join(ROOT, 'packages', 'obsidian-plugin');

export const EXTERNAL_MODULES = [
  'obsidian',
  'electron',
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

/** Compiles .svelte files (their CSS to a separate stylesheet) with Svelte's browser runtime. */
export function svelteEsbuildPlugins(): Plugin[] {
  return [sveltePlugin({ compilerOptions: { css: 'external', dev: false } }), svelteBrowserRuntime];
}

const BROWSER_PACKAGES = /^(svelte|esm-env)(\/.*)?$/;
const RESOLVING = Symbol('resolving');

/**
 * The plugin bundle targets Node (the MCP SDK must get its Node build), under which `svelte`
 * resolves to its server renderer. Svelte and esm-env alone are resolved with the `browser`
 * condition, so the components run Svelte's client runtime in Obsidian's window.
 */
const svelteBrowserRuntime: Plugin = {
  name: 'svelte-browser-runtime',
  setup(builder) {
    builder.onResolve({ filter: BROWSER_PACKAGES }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const [, name = '', subpath = ''] = BROWSER_PACKAGES.exec(args.path) ?? [];
      const entry = await builder.resolve(name, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      if (entry.errors.length > 0) return undefined;
      const folder = packageFolder(entry.path, name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as object;
      const target = resolveExports(manifest, `.${subpath}`, {
        browser: true,
        conditions: ['production'],
      })?.[0];
      return target === undefined ? undefined : { path: join(folder, target) };
    });
  },
};

function packageFolder(file: string, name: string): string {
  for (let folder = dirname(file); folder !== dirname(folder); folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        name?: string;
      };
      if (manifest.name === name) return folder;
    } catch {
      // no package.json here: keep walking up
    }
  }
  throw new Error(`No package.json of ${name} above ${file}`);
}

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
    plugins: svelteEsbuildPlugins(),
    minify: true,
    sourcemap: false,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  await copyFile(join(ROOT, 'manifest.json'), join(outDir, 'manifest.json'));
  await writeStyles(outDir);
  return outDir;
}

/** styles.css: the plugin's stylesheet, then what esbuild gathered from the components. */
async function writeStyles(outDir: string): Promise<void> {
  const componentsCss = join(outDir, 'main.css');
  const components = await readFile(componentsCss, 'utf8').catch(() => '');
  await rm(componentsCss, { force: true });
  const own = await readFile(join(PLUGIN, 'styles.css'), 'utf8');
  await writeFile(join(outDir, 'styles.css'), `${own.trimEnd()}\n${components}`);
}

if (import.meta.main) {
  const outDir = await buildPlugin();
  console.log(`Plugin built in ${outDir}`);
}
