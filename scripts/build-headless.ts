/**
 * Builds the headless CLI: esbuild bundles packages/headless/src/cli.ts and everything it imports
 * (the plugin's features, the MCP SDK, chokidar, trash, arktype...) into ES modules,
 * packages/headless/dist/cli.mjs and the chunks it loads as a command needs them (code
 * splitting), that Node 20+ and Bun run with nothing installed beside them,
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
import { basename, dirname, join } from 'node:path';
import { inputSchemasDefine } from './tools/input-schemas.ts';

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
  /** The bytes of every file in `files`: the CLI's code. */
  bytes: number;
  /** The files a copy of the CLI needs, by name: cli.mjs, its threads and the chunks they share. */
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
    // Each command, and each mode of serve, loads only its own modules: `serve --stdio`'s relay
    // is a small process (ADR-0054). The chunks sit beside cli.mjs, where the modules that find
    // files with `new URL(name, import.meta.url)` (threads, trash's helpers) look.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
    banner: { js: BANNER },
    // Every tool's input JSON Schema, computed here: tools/list at start makes none (ADR-0054).
    define: inputSchemasDefine(),
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
  const outputs = Object.entries(result.metafile.outputs);
  const imports = outputs.flatMap(([, output]) =>
    output.imports.filter((entry) => entry.external === true).map((entry) => entry.path),
  );
  const files = outputs.map(([file]) => basename(file));
  const sizes = await Promise.all(files.map((name) => stat(join(outDir, name))));
  return {
    path,
    bytes: sizes.reduce((sum, size) => sum + size.size, 0),
    files: [CLI_FILE, ...files.filter((name) => name !== CLI_FILE).sort()],
    imports: [...new Set(imports)].sort(),
  };
}

if (import.meta.main) {
  const built = await buildHeadless();
  console.log(`Headless CLI built: ${built.path} (${(built.bytes / 1024 / 1024).toFixed(2)} MiB)`);
}
