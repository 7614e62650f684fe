/**
 * The tokens command line against a running server: it edits the same data.json, the server
 * picks the change up for its next request (a new secret works, a revoked one gets 401), and
 * nothing the server writes meanwhile is lost.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { callOk, startTestServer, type McpTestServer } from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

function tokens(...args: string[]): { status: number; out: string; err: string } {
  const run = spawnSync('bun', [CLI, 'tokens', '--vault', t.vault.root, ...args], {
    encoding: 'utf8',
  });
  return { status: run.status ?? -1, out: run.stdout, err: run.stderr };
}

async function statusWith(secret: string): Promise<number> {
  const response = await fetch(t.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'cli-test', version: '1' },
      },
    }),
  });
  await response.text();
  return response.status;
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the server did not pick up the change');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('bun run tokens', () => {
  test('list shows the Default token without its whole secret', () => {
    const run = tokens('list');
    expect(run.status).toBe(0);
    expect(run.out).toContain('"Default"');
    expect(run.out).not.toContain(t.token);
  });

  test('add prints the secret once; the running server accepts it, with the given policy', async () => {
    const run = tokens('add', '--label', 'Chat app', '--profile', 'core', '--read-only');
    expect(run.status).toBe(0);
    const secret = run.out.trim().split('\n').at(-1) as string;
    await eventually(async () => (await statusWith(secret)) === 200);
    const client = await t.connect('legacy', secret);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('get_vault_file');
    expect(names).not.toContain('create_vault_file');
    expect(names).toContain('activate_tool');
  });

  test('regenerate and revoke apply to the next request', async () => {
    const id = /^(\S+)\s+"Chat app"/m.exec(tokens('list').out)?.[1] as string;
    const before = tokens('list').out;
    const regenerated = tokens('regenerate', id);
    expect(regenerated.status).toBe(0);
    const secret = regenerated.out.trim().split('\n').at(-1) as string;
    await eventually(async () => (await statusWith(secret)) === 200);
    expect(tokens('list').out).not.toBe(before);
    expect(tokens('revoke', id).status).toBe(0);
    await eventually(async () => (await statusWith(secret)) === 401);
    expect(await statusWith(t.token)).toBe(200);
  });

  test('usage errors exit non-zero with a message', () => {
    const run = tokens('revoke', 'no-such-id');
    expect(run.status).not.toBe(0);
    expect(run.err).toContain('No token with id no-such-id');
    expect(tokens('add').err).toContain('--label');
    expect(tokens('set', 'x', '--profile', 'everything').err).toContain('--profile must be one of');
  });

  test('the server still answers with the Default token', async () => {
    const client = await t.connect('modern');
    expect((await callOk(client, 'get_server_info')).vault).toBe('vault');
  });
});
