/**
 * Builds the headless CLI: esbuild bundles packages/headless/src/cli.ts and everything it imports
 * (the plugin's features, the MCP SDK, chokidar, trash, arktype...) into one ES module,
 * packages/headless/dist/cli.mjs, that Node 20+ and Bun run with nothing installed beside it,
 * and its four worker threads beside it, where the CLI starts them from: the semantic embedder
 * (src/semantic/embedder-thread.ts into embedder-thread.mjs), and the note parser, the file
 * stats and the read-ahead of the index build (src/node-host/parse-thread.ts, stat-thread.ts and
 * read-ahead-thread.ts into parse-thread.mjs, stat-thread.mjs and read-ahead-thread.mjs).
 * Left out on purpose: Node's built-ins, and the semantic-search libraries the providers import
 * through a variable (EnergeticAI, transformers.js), which load when installed next to the
 * package and are reported unavailable otherwise. trash's two helper programs (macOS, Windows)
 * are found beside the running file, so they are copied next to cli.mjs.
 */
import { build, type Plugin } from 'esbuild';
import { chmod, copyFile, cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dir, '..');
export const HEADLESS = join(ROOT, 'packages', 'headless');
export const CLI_FILE = 'cli.mjs';
export const THREAD_FILE = 'embedder-thread.mjs';
export const PARSE_THREAD_FILE = 'parse-thread.mjs';
export const STAT_THREAD_FILE = 'stat-thread.mjs';
export const READ_AHEAD_THREAD_FILE = 'read-ahead-thread.mjs';
/** The test vault, which `demo` serves a copy of, beside the built CLI (demo.ts). */
const DEMO_FOLDER = 'demo-vault';

/** trash finds these with `new URL(name, import.meta.url)`, which is the bundle's own URL. */
const TRASH_HELPERS = ['macos-trash', 'windows-trash.exe'];

// Bundled CommonJS dependencies call require(); an ES module has none of its own.
const BANNER = [
  '#!/usr/bin/env node',
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
].join('\n');

/**
 * trash reads Linux mount points with @stroncium/procfs, which loads its parsers with
 * require(`./parsers/${name}`): esbuild bundles every file of that folder but keys them with
 * their `.js`, so the lookup needs the extension.
 */
const procfsParsersWithExtension: Plugin = {
  name: 'procfs-parsers-with-extension',
  setup(build) {
    build.onLoad({ filter: /@stroncium[\\/]procfs[\\/]lib[\\/]parsers\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const dynamic = 'require(`./parsers/${name}`)';
      if (!source.includes(dynamic))
        throw new Error(
          `${args.path} no longer loads its parsers as expected; recheck this plugin.`,
        );
      return { contents: source.replace(dynamic, 'require(`./parsers/${name}.js`)'), loader: 'js' };
    });
  },
};

export interface BuiltCli {
  /** The absolute path of cli.mjs. */
  path: string;
  bytes: number;
  /** The files a copy of the CLI needs, by name (cli.mjs and its threads). */
  files: string[];
  /** Every module the bundle still imports at run time (Node built-ins only). */
  imports: string[];
}

export async function buildHeadless(outDir: string = join(HEADLESS, 'dist')): Promise<BuiltCli> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, CLI_FILE);
  const result = await build({
    entryPoints: [
      { in: join(HEADLESS, 'src', 'cli.ts'), out: 'cli' },
      { in: join(HEADLESS, 'src', 'semantic', 'embedder-thread.ts'), out: 'embedder-thread' },
      { in: join(HEADLESS, 'src', 'node-host', 'parse-thread.ts'), out: 'parse-thread' },
      { in: join(HEADLESS, 'src', 'node-host', 'stat-thread.ts'), out: 'stat-thread' },
      {
        in: join(HEADLESS, 'src', 'node-host', 'read-ahead-thread.ts'),
        out: 'read-ahead-thread',
      },
    ],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
    banner: { js: BANNER },
    plugins: [procfsParsersWithExtension],
    minify: true,
    sourcemap: false,
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
  });
  await chmod(path, 0o755);
  const trashLib = join(
    dirname(createRequire(join(HEADLESS, 'package.json')).resolve('trash')),
    'lib',
  );
  for (const helper of TRASH_HELPERS) await copyFile(join(trashLib, helper), join(outDir, helper));
  await cp(join(ROOT, 'test-data', 'vault'), join(outDir, DEMO_FOLDER), { recursive: true });
  const imports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.map((entry) => entry.path),
  );
  return {
    path,
    bytes: (await stat(path)).size,
    files: [CLI_FILE, THREAD_FILE, PARSE_THREAD_FILE, STAT_THREAD_FILE, READ_AHEAD_THREAD_FILE],
    imports: [...new Set(imports)].sort(),
  };
}

if (import.meta.main) {
  const built = await buildHeadless();
  console.log(`Headless CLI built: ${built.path} (${(built.bytes / 1024 / 1024).toFixed(2)} MiB)`);
}
