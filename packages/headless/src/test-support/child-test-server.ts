/**
 * The `node-http` and `node-stdio` e2e targets (see mcp-test-server.ts): the same McpTestServer
 * over the built CLI run as a child process. Over stdio every client launches its own server
 * process with `--token ID`, where ID is the id of the token whose secret the test passes, read
 * from data.json at connect time (so tokens a test adds work too).
 */
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { ensureDefaultToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { heldHere, secretMatches, type IssuedToken, type TokenRecord } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { settingsPathOf } from '../serve.ts';
import { startChildServer } from './child-server.ts';
import { builtCliLaunch, connectStdioCli } from './cli-process.ts';
import type { E2eTarget, McpTestServer } from './mcp-test-server.ts';
import { clientPool, connectHttp, readerOf } from './test-clients.ts';
import type { TempVault } from './temp-vault.ts';

export async function startChildTestServer(
  target: Exclude<E2eTarget, 'bun'>,
  vault: TempVault,
): Promise<McpTestServer> {
  return target === 'node-http' ? startHttpChild(vault) : startStdioChildren(vault);
}

async function startHttpChild(vault: TempVault): Promise<McpTestServer> {
  const cli = await startChildServer(vault.root, [], { launch: builtCliLaunch() });
  const url = cli.url;
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  const defaultToken = heldHere(await ensureDefaultToken(settings));
  const clients = clientPool((line, token) => connectHttp(url, token, line));
  return {
    target: 'node-http',
    get server() {
      return inProcessOnly('server');
    },
    vault,
    url,
    token: cli.token,
    defaultToken,
    settings,
    connect: (line, token = cli.token) => clients.connect(line, token),
    connectMany: (count) => clients.connectMany(count, cli.token),
    readText: readerOf(vault),
    async stop() {
      await clients.closeAll();
      await cli.stop();
      settings.close();
      await vault.remove();
    },
  };
}

async function startStdioChildren(vault: TempVault): Promise<McpTestServer> {
  const launch = builtCliLaunch();
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  const defaultToken = heldHere(await ensureDefaultToken(settings));
  const secret = defaultToken.secret;
  const clients = clientPool(async (line, token) =>
    connectStdioCli(launch, vault.root, await tokenIdOf(vault.root, token), line),
  );
  return {
    target: 'node-stdio',
    get server() {
      return inProcessOnly('server');
    },
    get url() {
      return inProcessOnly('url');
    },
    vault,
    token: secret,
    defaultToken,
    settings,
    connect: (line, token = secret) => clients.connect(line, token),
    connectMany: (count) => clients.connectMany(count, secret),
    readText: readerOf(vault),
    async stop() {
      await clients.closeAll();
      settings.close();
      await vault.remove();
    },
  };
}

/** What `serve` does on first start: the Default token, created if the vault has none. */
/** The vault's Default token, created in its data.json when missing (as a first serve would). */
export async function defaultToken(vault: string): Promise<IssuedToken> {
  const settings = await SettingsStore.open(settingsPathOf(vault));
  try {
    return heldHere(await ensureDefaultToken(settings));
  } finally {
    settings.close();
  }
}

async function tokenIdOf(vault: string, secret: string): Promise<string> {
  const { tokens } = JSON.parse(await readFile(settingsPathOf(vault), 'utf8')) as {
    tokens: TokenRecord[];
  };
  const token = tokens.find((candidate) => secretMatches(candidate, secret));
  if (token === undefined) throw new Error('That secret is not a token of the test vault.');
  return token.id;
}

function inProcessOnly(what: string): never {
  throw new Error(
    `This test reads the in-process server's ${what}; it runs with MCP_E2E_TARGET=bun only.`,
  );
}
