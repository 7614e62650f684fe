/**
 * An end-to-end test server: the real headless server on a temp vault, on a port the system
 * picks, and official MCP SDK clients for either protocol line. `stop` closes everything and
 * deletes the temp vault.
 *
 * MCP_E2E_TARGET picks what serves (default `bun`): `bun` runs the server in the test's own
 * process; `node-http` runs the built CLI under Node (`serve --json`) and connects over HTTP;
 * `node-stdio` has each client launch the built CLI as its stdio server (`serve --stdio --token`).
 * `settings` (the vault's data.json, which every target re-reads before each request) and
 * `defaultToken` work on every target; a test that reaches into the in-process server (`server`),
 * or into the URL over stdio, runs on `bun` only (`inProcessTest`, `httpTest`): those accessors
 * throw under the other targets.
 */
import { test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import type { SemanticWiring } from '@mcp-connector/obsidian-plugin/connector';
import type { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { heldHere, type IssuedToken } from '@mcp-connector/shared';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { serveVault, type HeadlessServer } from '../serve.ts';
import { startChildTestServer } from './child-test-server.ts';
import { clientPool, connectHttp, readerOf, type ProtocolLine } from './test-clients.ts';
import { copyVault, type TempVault } from './temp-vault.ts';

export { PROTOCOL_LINES, connectMcpClient, type ProtocolLine } from './test-clients.ts';

export type E2eTarget = 'bun' | 'node-http' | 'node-stdio';
export const E2E_TARGETS: readonly E2eTarget[] = ['bun', 'node-http', 'node-stdio'];
export const E2E_TARGET: E2eTarget = targetFromEnvironment();

export interface McpTestServer {
  target: E2eTarget;
  /** The in-process server (`bun` target only). */
  server: HeadlessServer;
  vault: TempVault;
  /** The HTTP endpoint (not on `node-stdio`). */
  url: URL;
  /** The Default token's secret. */
  token: string;
  defaultToken: IssuedToken;
  /**
   * The vault's settings: the server's own store on `bun`, a store on the same data.json for a
   * child (which sees a change on its next request; a stdio client's token at its launch).
   */
  settings: SettingsStore;
  connect(line: ProtocolLine, token?: string): Promise<Client>;
  /** `count` clients, alternating legacy and modern, for concurrency tests. */
  connectMany(count: number): Promise<Client[]>;
  /** A file of the vault as it is on disk, read as UTF-8. */
  readText(path: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Semantic search wiring; by default a fast deterministic provider and no progress lines. */
  semantic?: SemanticWiring;
}

export async function startTestServer(
  vault?: TempVault,
  options: TestServerOptions = {},
): Promise<McpTestServer> {
  const tempVault = vault ?? (await copyVault());
  if (E2E_TARGET === 'bun') return startInProcess(tempVault, options);
  if (options.semantic !== undefined)
    throw new Error('A semantic provider can only be passed to the in-process server (bun).');
  return startChildTestServer(E2E_TARGET, tempVault);
}

async function startInProcess(
  tempVault: TempVault,
  options: TestServerOptions,
): Promise<McpTestServer> {
  const semantic = options.semantic ?? {
    createProvider: () => hashingProvider(64),
    onProgress: () => undefined,
  };
  const server = await serveVault({ vault: tempVault.root, port: 0, semantic });
  const url = new URL(server.url);
  if (server.defaultToken === null) throw new Error(`The test server refused its settings.`);
  const defaultToken = heldHere(server.defaultToken);
  const defaultSecret = defaultToken.secret;
  const clients = clientPool((line, token) => connectHttp(url, token, line));
  return {
    target: 'bun',
    server,
    vault: tempVault,
    url,
    token: defaultSecret,
    defaultToken,
    settings: server.settings,
    connect: (line, token = defaultSecret) => clients.connect(line, token),
    connectMany: (count) => clients.connectMany(count, defaultSecret),
    readText: readerOf(tempVault),
    async stop() {
      await clients.closeAll();
      await server.close();
      await tempVault.remove();
    },
  };
}

function targetFromEnvironment(): E2eTarget {
  const value = process.env.MCP_E2E_TARGET ?? 'bun';
  if (!(E2E_TARGETS as readonly string[]).includes(value))
    throw new Error(`MCP_E2E_TARGET must be one of ${E2E_TARGETS.join(', ')}, got "${value}".`);
  return value as E2eTarget;
}

/**
 * A test whose clients must share one server process (its write lock, its active file): skipped
 * on `node-stdio`, where each client launches a server of its own and processes share no write
 * lock (docs/features/headless.md, "Several processes on one vault").
 */
export const oneServerTest = E2E_TARGET === 'node-stdio' ? test.skip : test;

/**
 * A test of the HTTP transport itself (its 1 MiB body limit, a raw request): skipped on
 * `node-stdio`, which has no HTTP (the SDK's stdio transport takes messages up to 10 MiB).
 */
/**
 * How long a test may wait for the semantic index. The built CLI embeds the test vault with
 * the offline model: about 20 s of one core on a quiet machine, twice that on a busy one (and
 * two servers embed at once in some tests). The bound is for that work, not a timing guess.
 */
export const SEMANTIC_INDEX_BOUND_MS = 120_000;

export const httpTest = E2E_TARGET === 'node-stdio' ? test.skip : test;

/**
 * A test that reaches into the in-process server (its host, its banner, a second server in the
 * same process): skipped on the built-CLI targets, which serve from a child process.
 */
export const inProcessTest = E2E_TARGET === 'bun' ? test : test.skip;
