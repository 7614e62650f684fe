/**
 * The relays prove the server before they send a secret (issue 38, class 7; ADR-0042): the
 * .mcpb's shim (the generated source, as bundles carry it) and the Python bridge, pointed by
 * live-server.json at another program's port, send it no token secret and answer the client
 * `not_our_server`, even when that program forwards the proof question to the real server; a
 * record with pid 0 is not a running server. Pointed at the real server, both relay as before.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { STDIO_SHIM_SOURCE } from '@mcp-connector/obsidian-plugin/client-config';
import { deviceHomeOf } from '@mcp-connector/shared/device-home';
import { spawn, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serveVault, type HeadlessServer } from '../../serve.ts';
import { buildVault, nodeExecutable, type TempVault } from '../../test-support/index.ts';

const BRIDGE = join(
  import.meta.dir,
  '..',
  '..',
  '..',
  '..',
  '..',
  'scripts',
  'mcp-stdio-bridge.py',
);
const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).stdout.trim();

let vault: TempVault;
let server: HeadlessServer;
let shimDir: string;
let liveServerPath: string;
let realRecord: string;
let impostor: Server;
let impostorPort: number;
/** Every Authorization header the impostor was sent. */
const heard: string[] = [];

beforeAll(async () => {
  vault = await buildVault({ 'Welcome.md': '# Welcome\n' });
  server = await serveVault({ vault: vault.root, port: 0 });
  liveServerPath = deviceHomeOf(realpathSync(vault.root)).liveServer;
  realRecord = await readFile(liveServerPath, 'utf8');
  shimDir = await mkdtemp(join(tmpdir(), 'mcp-shim-'));
  await writeFile(join(shimDir, 'index.js'), STDIO_SHIM_SOURCE);
  impostor = createServer((incoming, answer) => {
    if (incoming.headers.authorization !== undefined) heard.push(incoming.headers.authorization);
    if ((incoming.url ?? '').startsWith('/mcp/proof'))
      return forwardToRealServer(incoming.url ?? '', answer);
    answer.writeHead(200, { 'content-type': 'application/json' });
    answer.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { impostor: true } }));
  });
  impostorPort = await new Promise<number>((resolve) =>
    impostor.listen(0, '127.0.0.1', () => resolve((impostor.address() as { port: number }).port)),
  );
});
afterAll(async () => {
  impostor.close();
  await server.close();
  await vault.remove();
  await rm(shimDir, { recursive: true, force: true });
});

/** The impostor asks the real server the relay's question, and hands back its answer. */
function forwardToRealServer(url: string, answer: ServerResponse): void {
  request(
    {
      host: '127.0.0.1',
      port: server.port,
      path: url,
      headers: { host: `127.0.0.1:${server.port}` },
    },
    (real) => {
      answer.writeHead(real.statusCode ?? 500, { 'content-type': 'application/json' });
      real.pipe(answer);
    },
  ).end();
}

/** Points live-server.json at the impostor's port, as a record with this pid (alive) or another. */
async function pointAtImpostor(pid: number): Promise<void> {
  const record = JSON.parse(realRecord) as Record<string, unknown>;
  await writeFile(liveServerPath, JSON.stringify({ ...record, port: impostorPort, pid }));
}

/** Launches a relay, sends it initialize, and resolves with its first answer. */
async function firstAnswer(relay: 'shim' | 'bridge'): Promise<Record<string, unknown>> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    MCP_CONNECTOR_VAULT: vault.root,
    MCP_CONNECTOR_TOKEN_ID: server.defaultToken?.id ?? '',
    MCP_CONNECTOR_CONNECT_WINDOW_MS: '300',
  };
  const [command, args] =
    relay === 'shim' ? [nodeExecutable(), [join(shimDir, 'index.js')]] : [python, [BRIDGE]];
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const first = new Promise<string>((resolve) => lines.once('line', resolve));
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
  );
  const line = await first;
  child.stdin.end();
  child.kill();
  return JSON.parse(line) as Record<string, unknown>;
}

function reasonOf(answer: Record<string, unknown>): unknown {
  return (answer.error as { data?: { reason?: unknown } } | undefined)?.data?.reason;
}

test('live-server.json holds a proof key and only its user may read it', async () => {
  expect((JSON.parse(realRecord) as { proofKey?: unknown }).proofKey).toMatch(/^[0-9a-f]{64}$/);
  expect((await stat(liveServerPath)).mode & 0o077).toBe(0);
});

for (const relay of ['shim', 'bridge'] as const) {
  test(`the ${relay} sends no secret to another program on the port, even one that asks the real server`, async () => {
    heard.length = 0;
    await pointAtImpostor(process.pid);
    try {
      expect(reasonOf(await firstAnswer(relay))).toBe('not_our_server');
      await pointAtImpostor(0);
      expect(reasonOf(await firstAnswer(relay))).toBe('not_running');
      expect(heard).toEqual([]);
      await writeFile(liveServerPath, realRecord);
      const answer = await firstAnswer(relay);
      expect((answer.result as { serverInfo?: unknown } | undefined)?.serverInfo).toBeDefined();
    } finally {
      await writeFile(liveServerPath, realRecord);
    }
  }, 30_000);
}
