/**
 * The built headless CLI, run the way users run it: the package as it is published (package.json,
 * README, LICENSE, dist/ built fresh; scripts/release/headless-package.ts) in a temp folder, run under the system `node` (20 or later) and
 * under Bun, and packed with npm and run through `npx` from the tarball alone, offline.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { which } from 'bun';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import {
  buildVault,
  connectStdio,
  connectStdioCli,
  defaultToken,
  startChildServer,
  stopBackgroundServers,
  type CliLaunch,
  type TempVault,
} from '../packages/headless/src/test-support/index.ts';
import { waitFor } from '../packages/shared/src/test-support/wait-for.ts';
import { SEARCH_VIEW_URI } from '../packages/obsidian-plugin/src/features/mcp-apps/index.ts';
import { PRODUCT_NAMES } from '../packages/shared/src/product-names.ts';
import {
  CLI_FILE,
  HEADLESS,
  PARSE_THREAD_FILE,
  READ_AHEAD_THREAD_FILE,
  STAT_THREAD_FILE,
  THREAD_FILE,
  type BuiltCli,
} from './build-headless.ts';
import { statedMiB } from './docs/doc-counts.ts';
import { stageHeadless } from './release/headless-package.ts';

const NODE = which('node');
/** The repository's pinned Node 22 (a dev dependency), where PATH may hold Node 20. */
const NODE_22 = join(import.meta.dir, '..', 'node_modules', '.bin', 'node');
let temp: string;
let built: BuiltCli;
let vault: TempVault;
beforeAll(async () => {
  if (NODE === null) throw new Error('These tests need Node 20 or later on PATH.');
  temp = await mkdtemp(join(tmpdir(), 'headless-build-'));
  const pkg = join(temp, 'package');
  await mkdir(pkg);
  built = await stageHeadless(pkg);
  vault = await buildVault({
    '.obsidian/app.json': '{"trashOption": "system"}',
    'Welcome.md': '# Welcome\n\nSee [[Other]].\n',
    'Other.md': '# Other\n',
  });
  await defaultToken(vault.root); // the stdio tests pass --token Default, also when run alone
}, 60_000);
afterAll(async () => {
  await vault.remove();
  await rm(temp, { recursive: true, force: true });
});

const node = (): CliLaunch => ({ runtime: NODE as string, cli: built.path });

/** NODE_22, checked: Node 20 has neither the compile cache nor the import that loads undici. */
function node22(): string {
  const version = spawnSync(NODE_22, ['--version'], { encoding: 'utf8' }).stdout.trim();
  expect(Number(/^v(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(22);
  return NODE_22;
}

function run(launch: CliLaunch, ...args: string[]) {
  const result = spawnSync(launch.runtime, [launch.cli, ...args], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The built relay (`serve --stdio`) under `runtime`, `--import`ing `register`: it lists tools. */
async function relayListsTools(runtime: string, register: string): Promise<void> {
  const root = await realpath(vault.root);
  const relay = await connectStdio({
    command: runtime,
    args: [
      '--import',
      register,
      built.path,
      'serve',
      '--vault',
      root,
      '--stdio',
      '--token',
      'Default',
    ],
    env: { ...(process.env as Record<string, string>) },
    line: 'modern',
  });
  try {
    expect((await relay.client.listTools()).tools.length).toBeGreaterThan(0);
  } finally {
    await relay.close();
    await stopBackgroundServers(root);
  }
}

async function answerOverHttp(launch: CliLaunch): Promise<string[]> {
  const server = await startChildServer(vault.root, [], { launch });
  const client = new Client({ name: 'build-test', version: '1.0.0' });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(server.url, {
        requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
      }),
    );
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
    await server.stop();
  }
}

describe('the built headless CLI', () => {
  test('is one ES module importing only Node built-ins, where the package bin points', async () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    expect(built.imports.filter((name) => !builtins.has(name))).toEqual([]);
    const published = JSON.parse(
      await readFile(join(temp, 'package', 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(published).toMatchObject({
      name: PRODUCT_NAMES.npmPackage,
      bin: { [PRODUCT_NAMES.cliBinary]: `./dist/${CLI_FILE}` },
      engines: { node: '>=20' },
    });
    expect(published.files).toContain('dist');
    expect([published.dependencies, published.devDependencies, published.exports]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const workspace = JSON.parse(await readFile(join(HEADLESS, 'package.json'), 'utf8')) as {
      bin: unknown;
    };
    expect(workspace.bin).toEqual(published.bin); // `bun link` installs the same command
    expect((await readFile(built.path, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  test('the sizes the docs give are the built sizes (within 5%)', async () => {
    const mib = async (files: string[]) => {
      const sizes = await Promise.all(files.map((name) => stat(join(dirname(built.path), name))));
      return sizes.reduce((sum, size) => sum + size.size, 0) / 1024 / 1024;
    };
    // The CLI's code: cli.mjs, its threads and the chunks they load (code splitting).
    const cli = await mib(built.files);
    const withHelpers = await mib([...built.files, 'macos-trash', 'windows-trash.exe']);
    const readme = await readFile(join(HEADLESS, '..', '..', 'README.md'), 'utf8');
    const guide = await readFile(join(HEADLESS, '..', '..', 'docs/features/headless.md'), 'utf8');
    const stated = [
      ...statedMiB(readme, '`packages/headless/dist/cli.mjs`:').map((value) => ({ value, cli })),
      ...statedMiB(guide, '| `dist/cli.mjs` ').map((value) => ({ value, cli })),
      ...statedMiB(guide, 'with the trash helpers').map((value) => ({ value, cli: withHelpers })),
    ];
    expect(stated).toHaveLength(3);
    for (const { value, cli: measured } of stated)
      expect({ stated: value, near: Math.abs(value - measured) / measured <= 0.05 }).toEqual({
        stated: value,
        near: true,
      });
  });

  test('under node: --version and -v print the version of manifest.json', async () => {
    const { version } = JSON.parse(
      await readFile(join(HEADLESS, '..', '..', 'manifest.json'), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v'])
      expect(run(node(), flag)).toEqual({ status: 0, out: `${version}\n`, err: '' });
  });

  test('under node: --help on every command exits 0; bad input exits with the reason', () => {
    const overview = run(node(), '--help');
    expect(overview.status).toBe(0);
    for (const command of ['serve', 'doctor', 'tokens', 'connect', 'metadata', 'demo']) {
      expect(overview.out).toContain(`  ${command}`);
      const help = run(node(), command, '--help');
      expect(help.status).toBe(0);
      expect(help.out).toContain(`${PRODUCT_NAMES.cliBinary} ${command}`);
    }
    const missing = run(node(), 'serve', '--vault', join(temp, 'Nowhere'));
    expect(missing.status).toBe(1);
    expect(missing.err).toStartWith(`vault folder not found: ${join(temp, 'Nowhere')}`);
    const unknown = run(node(), 'serve', '--vault', vault.root, '--frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.err).toContain("Unknown option '--frobnicate'");
  }, 60_000);

  test('under node: a taken port is refused with the fix this CLI has', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as { port: number };
    try {
      const taken = run(node(), 'serve', '--vault', vault.root, '--port', String(port));
      expect(taken.status).toBe(1);
      expect(taken.err).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
      expect(taken.err).toContain('--port N');
      expect(taken.err).not.toContain('in the settings');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 60_000);

  test('under node: serve --json answers the SDK client over HTTP, and trash works', async () => {
    expect(await answerOverHttp(node())).toContain('get_vault_file');
    const dataHome = await mkdtemp(join(temp, 'xdg-'));
    const server = await startChildServer(vault.root, [], {
      launch: node(),
      env: { XDG_DATA_HOME: dataHome },
    });
    const client = new Client({ name: 'build-test', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(server.url, {
          requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
        }),
      );
      const result = await client.callTool({
        name: 'delete_vault_file',
        arguments: { path: 'Other.md' },
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
      await server.stop();
    }
    // The system trash (the desktop's, here a temp XDG folder), not the vault's .trash.
    expect(await readdir(join(dataHome, 'Trash', 'info'))).toHaveLength(1);
  }, 30_000);

  test('under node: serve --stdio answers the SDK client over stdio, the MCP Apps view too', async () => {
    const connection = await connectStdioCli(node(), vault.root, 'Default', 'modern');
    try {
      const info = await connection.client.callTool({ name: 'get_server_info', arguments: {} });
      expect(info.structuredContent).toMatchObject({ name: 'local-mcp-server', host: 'headless' });
      // The view's page is generated into the bundle (mcp-apps.e2e.test.ts runs in process).
      const view = await connection.client.readResource({ uri: SEARCH_VIEW_URI });
      const page = view.contents[0];
      expect(page?.mimeType).toBe('text/html;profile=mcp-app');
      expect(page && 'text' in page ? page.text : '').toContain('<html');
    } finally {
      await connection.close();
    }
  }, 30_000);

  test('under node: serve --stdio relays with a tenth of the CLI loaded, none of the server', async () => {
    // Node's module hooks (on their own thread) write down every file of the CLI it loads.
    const loads = join(temp, 'relay-loads.txt');
    const hooks = join(temp, 'record-loads.mjs');
    await writeFile(
      hooks,
      [
        "import { appendFileSync } from 'node:fs';",
        'export async function load(url, context, next) {',
        `  appendFileSync(${JSON.stringify(loads)}, url + '\\n');`,
        '  return next(url, context);',
        '}',
      ].join('\n'),
    );
    const register = join(temp, 'register-hooks.mjs');
    await writeFile(
      register,
      `import { register } from 'node:module'; register(${JSON.stringify(`file://${hooks}`)});`,
    );
    await relayListsTools(NODE as string, register);
    const folder = dirname(built.path);
    const loaded = (await readFile(loads, 'utf8'))
      .split('\n')
      .filter((url) => url.startsWith(`file://${folder}/`))
      .map((url) => basename(url));
    expect(loaded).toContain(CLI_FILE);
    const sizes = await Promise.all(loaded.map((name) => stat(join(folder, name))));
    const bytes = sizes.reduce((sum, size) => sum + size.size, 0);
    expect({ bytes, tenth: bytes < built.bytes / 10 }).toEqual({ bytes, tenth: true });
  }, 30_000);

  test('under node 22: the relay does not load fetch (undici)', async () => {
    // Node 22 loads undici when node:http is imported as an ES module (its lazy WebSocket).
    const loaded = join(temp, 'relay-builtins.json');
    const register = join(temp, 'record-builtins.mjs');
    await writeFile(
      register,
      `import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
    );
    await relayListsTools(node22(), register);
    await waitFor(async () => (await stat(loaded).catch(() => null)) !== null, 'the relay to exit');
    const builtins = JSON.parse(await readFile(loaded, 'utf8')) as string[];
    expect(builtins.filter((name) => name.includes('undici'))).toEqual([]);
  }, 30_000);

  test("under node 22: a command's modules are compiled once, kept in the device cache", async () => {
    const runtime = node22();
    const cacheHome = join(temp, 'xdg-cache');
    const { NODE_COMPILE_CACHE: _fromOutside, ...inherited } = process.env;
    const env = { ...inherited, XDG_CACHE_HOME: cacheHome };
    const result = spawnSync(runtime, [built.path, 'serve', '--help'], { encoding: 'utf8', env });
    expect(result.status).toBe(0);
    const folder = join(cacheHome, PRODUCT_NAMES.pluginId, 'node-compile-cache');
    const kept = await readdir(folder, { recursive: true }).catch(() => []);
    expect(kept.length).toBeGreaterThan(0);
  }, 30_000);

  test('under node: semantic search starts its worker thread from the bundle', async () => {
    const connection = await connectStdioCli(node(), vault.root, 'Default', 'modern');
    try {
      const result = await connection.client.callTool({
        name: 'search_vault_smart',
        arguments: { query: 'welcome' },
      });
      // Nothing is installed beside this copy of the package, so the thread itself reports the
      // offline model missing: it started (a missing thread file reads "The embedding worker stopped").
      expect(JSON.stringify(result.structuredContent)).toContain(
        'The offline provider needs the @energetic-ai/embeddings package',
      );
    } finally {
      await connection.close();
    }
  }, 30_000);

  test('under node and bun: a big vault is parsed in the parse thread beside the bundle', async () => {
    // From 2,000 notes on the index build parses in threads (index-build.ts); a missing or broken
    // thread file would quietly parse in-process, so the ready line must say threads parsed.
    const notes: Record<string, string> = {};
    for (let i = 0; i < 2100; i++) notes[`n/${i}.md`] = `# ${i}\n\n[[${i + 1}]] #t${i % 7}\n`;
    const big = await buildVault(notes);
    try {
      for (const launch of [node(), { runtime: process.execPath, cli: built.path }]) {
        const server = await startChildServer(big.root, [], { launch });
        try {
          await waitFor(() => server.stderr().includes('Vault indexed'), 'the ready line');
          // A warm-up of a few notes is parsed in process (ADR-0044); the rest in the thread.
          const parsed =
            /Vault indexed: 2,100 notes in .*\(([\d,]+) parsed in worker threads\)/.exec(
              server.stderr(),
            );
          expect(Number(parsed?.[1]?.replaceAll(',', '') ?? 0)).toBeGreaterThan(2000);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await big.remove();
    }
  }, 60_000);

  test('under node and bun: the read-ahead thread beside the bundle reads the files asked for', async () => {
    // A cold build from the disk starts it (read-ahead.ts); a missing or broken thread file would
    // quietly read nothing ahead, so it is started here the way the build does, over a vault.
    const thread = join(dirname(built.path), READ_AHEAD_THREAD_FILE);
    const script = `
      import { Worker } from 'node:worker_threads';
      const [thread, root] = process.argv.slice(-2);
      const worker = new Worker(thread);
      worker.postMessage({ root, diskPaths: ['Welcome.md', 'Other.md', 'gone.md'], sizes: [9, 9, 9] });
      worker.postMessage({ readTo: 0, until: 3 });
      worker.on('message', (done) => { console.log(JSON.stringify(done)); process.exit(0); });
      worker.on('error', (error) => { console.error(error); process.exit(1); });`;
    const scriptFile = join(temp, 'read-ahead-probe.mjs');
    await writeFile(scriptFile, script);
    const notes = await buildVault({ 'Welcome.md': '# Welcome\n', 'Other.md': '# Other\n' });
    try {
      for (const runtime of [NODE as string, process.execPath]) {
        const result = spawnSync(runtime, [scriptFile, thread, notes.root], { encoding: 'utf8' });
        expect(result.stderr).toBe('');
        expect(JSON.parse(result.stdout)).toEqual({ broughtIn: 2, until: 3 }); // gone.md: none
      }
    } finally {
      await notes.remove();
    }
  });

  test('under bun: the same bundle answers over HTTP', async () => {
    expect(await answerOverHttp({ runtime: process.execPath, cli: built.path })).toContain(
      'get_vault_file',
    );
  }, 30_000);

  test('packed with npm, npx runs its bin from the tarball alone (offline)', async () => {
    const cache = join(temp, 'npm-cache');
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', temp], {
      cwd: join(temp, 'package'),
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: cache },
    });
    expect(pack.status).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const files = packed?.files.map((file) => file.path) ?? [];
    expect(files).toContain(`dist/${CLI_FILE}`);
    expect(files).toContain(`dist/${THREAD_FILE}`);
    expect(files).toContain(`dist/${PARSE_THREAD_FILE}`);
    expect(files).toContain(`dist/${STAT_THREAD_FILE}`);
    expect(files).toContain(`dist/${READ_AHEAD_THREAD_FILE}`);
    expect(files).toContain('dist/demo-vault/Home.md');
    expect(files.some((path) => path.startsWith('src/'))).toBe(false);
    const project = join(temp, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), '{}');
    const npx = spawnSync(
      'npm',
      [
        'exec',
        '--offline',
        '--yes',
        '--omit=optional',
        `--package=${join(temp, packed?.filename ?? '')}`,
        '--',
        PRODUCT_NAMES.cliBinary,
        'serve',
        '--help',
      ],
      { cwd: project, encoding: 'utf8', env: { ...process.env, npm_config_cache: cache } },
    );
    expect(npx.stderr).toBe('');
    expect(npx.status).toBe(0);
    expect(npx.stdout).toContain(`${PRODUCT_NAMES.cliBinary} serve --vault DIR`);
  }, 60_000);
});
