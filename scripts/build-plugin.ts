/**
 * Builds the Obsidian plugin: esbuild bundles src/main.ts (with its Svelte components) into one
 * CommonJS main.js that leaves `obsidian`, `electron` and Node's built-ins to the app at run
 * time, and writes the release folder Obsidian loads: main.js, manifest.json and styles.css (the
 * plugin's own stylesheet followed by the components' styles).
 *
 * The embedding Web Worker is bundled first, on its own, for the browser: transformers.js' web
 * build and onnxruntime-web, statically (`onnxruntime-node` redirected to onnxruntime-web and
 * `sharp` to an empty module, should anything still name them). main.ts imports its source as
 * the string `virtual:embedding-worker`, so main.js carries it and starts it from a Blob URL.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import sveltePlugin from 'esbuild-svelte';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { exports as resolveExports } from 'resolve.exports';
import { PRODUCT_NAMES } from '../packages/shared/src/product-names.ts';

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

const WORKER_ENTRY = join(
  PLUGIN,
  'src',
  'features',
  'semantic-search',
  'worker',
  'web-embedder-entry.ts',
);
const EMPTY_MODULE = join(import.meta.dir, 'semantic', 'empty-module.ts');

/** The embedding worker's source, as main.js carries it (minified, one IIFE, no imports). */
export async function buildEmbeddingWorker(): Promise<string> {
  const result = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    alias: { 'onnxruntime-node': 'onnxruntime-web', sharp: EMPTY_MODULE },
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no embedding worker');
  return output.text;
}

/** Resolves `virtual:embedding-worker` to the worker's source text. */
function embeddingWorkerSource(source: string): Plugin {
  return {
    name: 'embedding-worker-source',
    setup(builder) {
      builder.onResolve({ filter: /^virtual:embedding-worker$/ }, (args) => ({
        path: args.path,
        namespace: 'embedding-worker',
      }));
      builder.onLoad({ filter: /.*/, namespace: 'embedding-worker' }, () => ({
        contents: source,
        loader: 'text',
      }));
    },
  };
}

/**
 * main.js in one CommonJS file. What main.ts reaches only through `import()` esbuild wraps in
 * lazy initializers, run on first use: the server, the settings store, ArkType (ADR-0022).
 */
export function mainJsOptions(outfile: string, workerSource: string): BuildOptions {
  return {
    entryPoints: [join(PLUGIN, 'src', 'main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    external: EXTERNAL_MODULES,
    plugins: [...svelteEsbuildPlugins(), embeddingWorkerSource(workerSource)],
    minify: true,
    sourcemap: false,
    legalComments: 'eof',
    logLevel: 'warning',
  };
}

export async function buildPlugin(
  outDir: string = join(ROOT, 'release', PRODUCT_NAMES.pluginId),
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await build(mainJsOptions(join(outDir, 'main.js'), await buildEmbeddingWorker()));
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
