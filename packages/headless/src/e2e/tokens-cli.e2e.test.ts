/**
 * The tokens command line against a running server: it edits the same data.json, the server
 * picks the change up for its next request (a new secret works, a revoked one gets 401), and
 * nothing the server writes meanwhile is lost. The CLI runs as its own process, started without
 * blocking this one (which serves the requests); each test makes the tokens it needs.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { runProcess, waitFor } from '@mcp-connector/shared/test-support';
import { join } from 'node:path';
import {
  LEGACY_INITIALIZE,
  callOk,
  httpTest,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
// Each test starts the CLI, a Bun process, up to four times: seconds each on a busy machine.
setDefaultTimeout(60_000);
let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

async function tokens(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  const run = await runProcess('bun', [CLI, 'tokens', '--vault', t.vault.root, ...args]);
  return { status: run.code, out: run.stdout, err: run.stderr };
}

/** Adds a token through the CLI; its id and the secret printed once. */
async function addToken(
  label: string,
  ...policy: string[]
): Promise<{ id: string; secret: string }> {
  const run = await tokens('add', '--label', label, ...policy);
  expect(run.status).toBe(0);
  const id = /\(id (\S+)\)/.exec(run.out)?.[1] as string;
  return { id, secret: run.out.trim().split('\n').at(-1) as string };
}

async function statusWith(secret: string): Promise<number> {
  const response = await fetch(t.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify(LEGACY_INITIALIZE),
  });
  await response.text();
  return response.status;
}

const servesWith = (secret: string, status: number) =>
  waitFor(async () => (await statusWith(secret)) === status, `the server to answer ${status}`);

describe('bun run tokens', () => {
  test('list shows the Default token without its whole secret', async () => {
    const run = await tokens('list');
    expect(run.status).toBe(0);
    expect(run.out).toContain('"Default"');
    expect(run.out).not.toContain(t.token);
  });

  httpTest(
    'add prints the secret once; the running server accepts it, with the given policy',
    async () => {
      const { secret } = await addToken('Chat app', '--profile', 'core', '--read-only');
      expect((await tokens('list')).out).not.toContain(secret);
      await servesWith(secret, 200);
      const client = await t.connect('legacy', secret);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('get_vault_file');
      expect(names).not.toContain('create_vault_file');
      expect(names).toContain('activate_tool');
    },
  );

  httpTest('regenerate and revoke apply to the next request', async () => {
    const { id, secret: first } = await addToken('Short-lived');
    await servesWith(first, 200);
    const regenerated = await tokens('regenerate', id);
    expect(regenerated.status).toBe(0);
    const secret = regenerated.out.trim().split('\n').at(-1) as string;
    expect(secret).not.toBe(first);
    await servesWith(secret, 200);
    expect(await statusWith(first)).toBe(401);
    expect((await tokens('revoke', id)).status).toBe(0);
    await servesWith(secret, 401);
    expect(await statusWith(t.token)).toBe(200);
  });

  httpTest('promote and demote change what the running server lists for the token', async () => {
    const { id, secret } = await addToken('Promoted by hand', '--profile', 'core');
    await servesWith(secret, 200);
    const listed = async () => {
      const client = await t.connect('legacy', secret);
      return (await client.listTools()).tools.map((tool) => tool.name);
    };
    expect(await listed()).not.toContain('get_backlinks');
    const promoted = await tokens('promote', id, 'get_backlinks');
    expect(promoted.out).toContain('promoted get_backlinks');
    await waitFor(async () => (await listed()).includes('get_backlinks'), 'the promoted tool');
    const refused = await tokens('promote', id, 'search_vault');
    expect(refused.status).not.toBe(0);
    expect(refused.err).toContain('(core) lists search_vault already');
    expect((await tokens('demote', id, 'get_backlinks')).out).toContain(
      'get_backlinks is no longer promoted.',
    );
    await waitFor(async () => !(await listed()).includes('get_backlinks'), 'the demoted tool');
    expect((await tokens('demote', id, 'get_backlinks')).err).toContain('not promoted');
    expect((await tokens('promote', id)).err).toContain('Give the tool name');
  });

  test('usage errors exit non-zero with a message', async () => {
    const run = await tokens('revoke', 'no-such-id');
    expect(run.status).not.toBe(0);
    expect(run.err).toContain('No token with id no-such-id');
    expect((await tokens('add')).err).toContain('--label');
    expect((await tokens('set', 'x', '--profile', 'everything')).err).toContain(
      '--profile must be one of',
    );
  });

  test('the server still answers with the Default token', async () => {
    const client = await t.connect('modern');
    expect((await callOk(client, 'get_server_info')).vault).toBe('vault');
  });
});
