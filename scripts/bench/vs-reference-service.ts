/**
 * The reference connector's real MCP service, headless, for vs-reference.ts. Run by that script
 * as its own process, from the reference checkout's plugin package (so its tsconfig and its test
 * mocks resolve):
 *
 *   bun <this file> --reference DIR --vault FOLDER
 *
 * It boots what the reference's conformance harness boots: its Obsidian mocks (window alias,
 * the synthetic "obsidian" module, mockApp/mockPlugin), then createMcpService and
 * startHttpServer on 127.0.0.1, on a free port, behind a random 32-character bearer token. The
 * mock vault is filled with every Markdown file of FOLDER (our test vault's copy), so both
 * servers read the same note. The first line on stdout is `{"url", "token"}`, as our `serve
 * --json` prints. It stops on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { reference: { type: 'string' }, vault: { type: 'string' } },
});
if (values.reference === undefined || values.vault === undefined)
  throw new Error('usage: vs-reference-service.ts --reference DIR --vault FOLDER');
const plugin = join(values.reference, 'packages', 'obsidian-plugin');
const vault = values.vault;

interface ReferenceMocks {
  mockApp(): unknown;
  mockPlugin(): unknown;
  setMockFile(path: string, content: string): void;
  setMockFolder(path: string): void;
}

interface ReferenceService {
  createMcpService: (config: {
    app: unknown;
    plugin: unknown;
    pluginVersion: string;
    serverName: string;
  }) => Promise<{ handleRequest: unknown }>;
}

interface ReferenceHttp {
  startHttpServer: (config: {
    resolveTokens: unknown;
    requestHandler: unknown;
    ports: number[];
  }) => Promise<{ server: Server }>;
}

interface ReferenceTokens {
  staticTokenProvider: (token: string) => unknown;
}

/** One module of the reference checkout (a path built from --reference, never user input). */
async function load<T>(...path: string[]): Promise<T> {
  // eslint-disable-next-line no-unsanitized/method -- a file of the checkout named on our command line
  return (await import(join(plugin, ...path))) as T;
}

// The order is the reference harness's: the window alias and the "obsidian" mock before any
// transport module loads.
await load<unknown>('test-preload.js');
const mocks = await load<ReferenceMocks>('src', 'test-setup.ts');
const services = ['src', 'features', 'mcp-transport', 'services'];
const { createMcpService } = await load<ReferenceService>(...services, 'mcpServer.ts');
const { startHttpServer } = await load<ReferenceHttp>(...services, 'httpServer.ts');
const { staticTokenProvider } = await load<ReferenceTokens>(...services, 'tokenStore.ts');

async function* markdownFiles(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(path);
    else if (entry.name.endsWith('.md')) yield path;
  }
}

for await (const file of markdownFiles(vault)) {
  const path = relative(vault, file);
  const parts = path.split('/');
  for (let depth = 1; depth < parts.length; depth++)
    mocks.setMockFolder(parts.slice(0, depth).join('/'));
  mocks.setMockFile(path, await readFile(file, 'utf8'));
}

const token = randomBytes(16).toString('hex');
const service = await createMcpService({
  app: mocks.mockApp(),
  plugin: mocks.mockPlugin(),
  pluginVersion: '1.0.0',
  serverName: 'reference-connector',
});
const running = await startHttpServer({
  resolveTokens: staticTokenProvider(token),
  requestHandler: service.handleRequest,
  ports: [0],
});
const { port } = running.server.address() as AddressInfo;
process.on('SIGTERM', () => process.exit(0));
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/mcp`, token }));
