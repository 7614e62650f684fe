/**
 * An end-to-end test server: the real headless server on a temp vault, on a port the system
 * picks, and official MCP SDK clients for either protocol line. `stop` closes everything and
 * deletes the temp vault.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { SemanticWiring } from '@mcp-connector/obsidian-plugin/connector';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { serveVault, type HeadlessServer } from '../serve.ts';
import { copyVault, type TempVault } from './temp-vault.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type ProtocolLine = 'legacy' | 'modern';
export const PROTOCOL_LINES: readonly ProtocolLine[] = ['legacy', 'modern'];

export interface McpTestServer {
  server: HeadlessServer;
  vault: TempVault;
  url: URL;
  token: string;
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

/** An official MCP SDK client on `url` with a bearer token, on either protocol line. */
export async function connectMcpClient(
  url: URL,
  token: string,
  line: ProtocolLine,
): Promise<Client> {
  const client = new Client(
    { name: 'e2e-test', version: '1.0.0' },
    { versionNegotiation: { mode: line === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

export async function startTestServer(
  vault?: TempVault,
  options: TestServerOptions = {},
): Promise<McpTestServer> {
  const tempVault = vault ?? (await copyVault());
  const semantic = options.semantic ?? {
    createProvider: () => hashingProvider(64),
    onProgress: () => undefined,
  };
  const server = await serveVault({ vault: tempVault.root, port: 0, semantic });
  const url = new URL(server.url);
  const clients: Client[] = [];
  const defaultSecret = server.defaultToken?.secret ?? '';
  const connect = async (line: ProtocolLine, token = defaultSecret) => {
    const client = await connectMcpClient(url, token, line);
    clients.push(client);
    return client;
  };
  return {
    server,
    vault: tempVault,
    url,
    token: defaultSecret,
    connect,
    connectMany(count) {
      return Promise.all(
        Array.from({ length: count }, (_, index) =>
          connect(PROTOCOL_LINES[index % PROTOCOL_LINES.length] as ProtocolLine),
        ),
      );
    },
    readText: (path) => readFile(join(tempVault.root, path), 'utf8'),
    async stop() {
      await Promise.all(clients.map((client) => client.close()));
      await server.close();
      await tempVault.remove();
    },
  };
}
