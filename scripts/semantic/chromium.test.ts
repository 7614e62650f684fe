/**
 * The Chromium proof (issue 15): the embedding worker bundle main.js carries, run in Debian's
 * Chromium (Electron's renderer is Chromium) against a loopback server playing the Hugging Face
 * hub and the npm CDN, which serves the committed tiny model and onnxruntime-web's .wasm from
 * node_modules with their real hashes. Clicking Download shows progress; a file the hub corrupts
 * is refused and fetched again, and one it keeps corrupting fails the install and is never
 * loaded; the worker's vectors match the headless path's; after a restart with the hub gone the
 * model still loads from the models folder and embeds the same.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { build, type Plugin } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { threadEmbedders } from '../../packages/headless/src/semantic/thread-embedders.ts';
import {
  ModelInstaller,
  WEB_RUNTIME,
  nativeModel,
  nodeModelFolder,
  type NativeModelSpec,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import {
  TINY_MODELS,
  refuseDownloads,
  startTinyHub,
  tinyModelSpec,
  type FakeHub,
} from '../../packages/obsidian-plugin/src/features/semantic-search/test-support/index.ts';
import { buildEmbeddingWorker } from '../build-plugin.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../ui/chromium.ts';
import { chromiumSuite } from '../ui/ui-test-support.ts';

const suite = chromiumSuite('the embedding worker in Chromium');

const TEXTS = ['tasks due today', 'a weekly meeting note', 'the garden plan for spring'];

interface SemanticPage {
  semanticTest: {
    progress: { state: string; percent: number; bytesDone: number }[];
    embed(texts: string[]): Promise<number[][]>;
    device(): Promise<string>;
  };
}

/** Obsidian's renderer has Node's timers (the installer throttles with them): the page's own. */
const PAGE_TIMERS = `module.exports = {
  setTimeout: (...args) => globalThis.setTimeout(...args),
  clearTimeout: (id) => globalThis.clearTimeout(id),
};`;

/**
 * The page enters the feature through its index.ts, which also exports the Node-side parts
 * (the index on disk, Node's file system); the page never calls them, so in the browser bundle
 * Node's built-ins are empty modules, as they would be undefined in a renderer without Node;
 * only the timers are there, as in Obsidian's renderer.
 */
const nodeBuiltinsAbsent: Plugin = {
  name: 'node-builtins-absent',
  setup(builder) {
    const builtins = new RegExp(`^(node:.*|${builtinModules.join('|')})$`);
    builder.onResolve({ filter: builtins }, (args) => ({ path: args.path, namespace: 'absent' }));
    builder.onLoad({ filter: /.*/, namespace: 'absent' }, (args) => ({
      contents: /^(node:)?timers$/.test(args.path) ? PAGE_TIMERS : 'module.exports = {};',
      loader: 'js',
    }));
  },
};

let tiny: NativeModelSpec;
let hub: FakeHub;
let app: Server;
let appUrl: string;
let profile: string;
let context: BrowserContext | null = null;

async function startApp(files: Record<string, { type: string; body: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://app').pathname];
    if (file === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function openPage(): Promise<Page> {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(appUrl);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

async function closeBrowser(): Promise<void> {
  await context?.close();
  context = null;
}

const embedIn = (page: Page) =>
  page.evaluate((texts) => (window as unknown as SemanticPage).semanticTest.embed(texts), TEXTS);

beforeAll(async () => {
  tiny = await tinyModelSpec();
  hub = await startTinyHub(tiny);
  const page = await build({
    entryPoints: [join(import.meta.dir, 'chromium', 'page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    plugins: [nodeBuiltinsAbsent],
  });
  app = await startApp({
    '/': {
      type: 'text/html',
      body: '<!doctype html><title>Semantic search</title><button id="download">Download model</button> <progress id="bar" max="100" value="0"></progress><div id="status"></div><script src="/page.js"></script>',
    },
    '/page.js': { type: 'text/javascript', body: page.outputFiles[0]?.text ?? '' },
    '/embedder.js': { type: 'text/javascript', body: await buildEmbeddingWorker() },
    '/config.json': {
      type: 'application/json',
      body: JSON.stringify({ model: tiny, hub: hub.url }),
    },
  });
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
}, 60_000);

afterAll(async () => {
  await closeBrowser();
  await hub.close();
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  await rm(profile, { recursive: true, force: true });
});

suite('the embedding worker in Chromium', () => {
  test('download with consent and progress; corrupt files refused; same vectors as headless; offline after restart', async () => {
    // Headless path: the same tiny model on onnxruntime-node in a worker thread.
    const installed = new ModelInstaller({
      folder: nodeModelFolder(TINY_MODELS),
      runtime: false,
      fetch: refuseDownloads,
    });
    const headless = nativeModel(tiny, threadEmbedders(), installed);
    const expected = (await headless.embed(TEXTS, 'document')).map((vector) => [...vector]);
    await headless.dispose?.();

    const page = await openPage();
    expect(await page.locator('#status').getAttribute('data-state')).toBe('not_installed');
    expect(hub.requests).toHaveLength(0); // nothing before the user's click

    // A hub that keeps sending a bad tokenizer_config.json: refused three times, install fails.
    hub.corrupt('/tokenizer_config.json', 3);
    await page.click('#download');
    await page.waitForSelector('#status[data-state="failed"]', { timeout: 60_000 });
    expect(await page.locator('#status').textContent()).toContain('SHA-256');
    const refused = await page
      .evaluate((texts) => (window as unknown as SemanticPage).semanticTest.embed(texts), ['x'])
      .then(
        () => 'embedded',
        (error: Error) => error.message,
      );
    expect(refused).toContain('tokenizer_config.json is missing'); // never loaded

    // Once more: a single corrupt model file is refused and fetched again; files already
    // installed are not fetched again.
    hub.corrupt('onnx/model.onnx', 1);
    const before = hub.requests.length;
    await page.click('#download');
    await page.waitForSelector('#status[data-state="installed"]', { timeout: 60_000 });
    const second = hub.requests.slice(before).filter((request) => request.status !== 302);
    expect(second.filter((request) => request.path.endsWith('onnx/model.onnx'))).toHaveLength(2);
    expect(second.some((request) => request.path.endsWith('/config.json'))).toBe(false);
    expect(second.some((request) => request.path.endsWith(WEB_RUNTIME.file.path))).toBe(true);
    const progress = await page.evaluate(
      () => (window as unknown as SemanticPage).semanticTest.progress,
    );
    const downloading = progress.filter((entry) => entry.state === 'downloading');
    expect(downloading.length).toBeGreaterThan(3);
    expect(new Set(downloading.map((entry) => entry.percent)).size).toBeGreaterThan(2);
    await page.screenshot({ path: join(tmpdir(), 'semantic-chromium-installed.png') });

    const vectors = await embedIn(page);
    expect(
      await page.evaluate(() => (window as unknown as SemanticPage).semanticTest.device()),
    ).toBe('wasm');
    expect(vectors).toHaveLength(TEXTS.length);
    vectors.forEach((vector, row) => {
      expect(vector).toHaveLength(32);
      const diff = Math.max(
        ...vector.map((value, i) => Math.abs(value - (expected[row]?.[i] ?? NaN))),
      );
      expect(diff).toBeLessThan(1e-4);
    });

    // Restart with the hub and the CDN gone: the model loads from the models folder.
    await closeBrowser();
    await hub.close();
    const afterRestart = hub.requests.length;
    const again = await openPage();
    expect(await again.locator('#status').getAttribute('data-state')).toBe('installed');
    const offline = await embedIn(again);
    expect(offline).toEqual(vectors);
    expect(hub.requests.length).toBe(afterRestart);
  }, 180_000);
});
