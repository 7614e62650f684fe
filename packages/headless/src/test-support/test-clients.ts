/**
 * The clients of the e2e test servers (mcp-test-server.ts, child-test-server.ts): an official
 * MCP SDK client on either protocol line, a pool that closes every client a test opened, and a
 * reader of the vault's files on disk.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TempVault } from './temp-vault.ts';

export type ProtocolLine = 'legacy' | 'modern';
export const PROTOCOL_LINES: readonly ProtocolLine[] = ['legacy', 'modern'];

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

export async function connectHttp(
  url: URL,
  token: string,
  line: ProtocolLine,
): Promise<OpenedClient> {
  const client = await connectMcpClient(url, token, line);
  return { client, close: () => client.close() };
}

export interface OpenedClient {
  client: Client;
  close(): Promise<void>;
}

/** Keeps every client a test opened, so `stop` closes them all. */
export function clientPool(open: (line: ProtocolLine, token: string) => Promise<OpenedClient>) {
  const opened: OpenedClient[] = [];
  const connect = async (line: ProtocolLine, token: string): Promise<Client> => {
    const next = await open(line, token);
    opened.push(next);
    return next.client;
  };
  return {
    connect,
    connectMany: (count: number, token: string) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          connect(PROTOCOL_LINES[index % PROTOCOL_LINES.length] as ProtocolLine, token),
        ),
      ),
    closeAll: async () => {
      await Promise.all(opened.map((client) => client.close()));
    },
  };
}

export function readerOf(vault: TempVault): (path: string) => Promise<string> {
  return (path) => readFile(join(vault.root, path), 'utf8');
}
