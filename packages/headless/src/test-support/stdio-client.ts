/**
 * The official SDK client over stdio, for the relays (the .mcpb shim, the Python bridge): it
 * spawns the command with exactly the environment given (PATH included, so a test can prove
 * nothing is looked up on it) and keeps the child's stderr, which is the client's log.
 */
import { which } from 'bun';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProtocolLine } from './mcp-test-server.ts';

export interface StdioTestClient {
  client: Client;
  /** Everything the child wrote to stderr so far. */
  log: () => string;
  close: () => Promise<void>;
}

export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  line?: ProtocolLine;
}

export async function connectStdio(launch: StdioLaunch): Promise<StdioTestClient> {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: launch.env,
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client(
    { name: 'stdio-e2e', version: '1.0.0' },
    {
      versionNegotiation: {
        mode: launch.line === 'modern' ? { pin: '2026-07-28' } : 'legacy',
      },
    },
  );
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close();
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { log });
  }
  return { client, log: () => log, close: () => client.close() };
}

/** A PATH with nothing on it: no node, no npx. */
export function emptyPath(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'empty-path-'));
}

/** The absolute path of a real Node (tests run under Bun, whose execPath is bun). */
export function nodeExecutable(): string {
  const node = which('node');
  if (node === null) throw new Error('These tests need Node on PATH (node 20 or later).');
  return node;
}
