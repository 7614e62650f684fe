/**
 * Settings never fail open: a data.json whose security slices (tokens, token policy, hidden
 * folders) cannot be read makes the server refuse every request until the file is fixed, never
 * serve with defaults, never mint a fresh Default token over it; and a token revoked with the
 * tokens CLI is refused on the very next request (the window is zero requests).
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { newToken } from '@mcp-connector/shared';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveVault, settingsPathOf, type HeadlessServer } from '../serve.ts';
import { buildVault, type TempVault } from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
const token = newToken('Claude');
let vault: TempVault | null = null;
let server: HeadlessServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await vault?.remove();
  vault = null;
});

async function serveWith(settings: unknown): Promise<{ server: HeadlessServer; dataJson: string }> {
  const text = typeof settings === 'string' ? settings : JSON.stringify(settings);
  vault = await buildVault({
    'Private/secret.md': 'secret\n',
    'note.md': 'hello\n',
    '.obsidian/plugins/local-mcp-server/data.json': text,
  });
  server = await serveVault({ vault: vault.root, port: 0 });
  return { server, dataJson: settingsPathOf(vault.root) };
}

async function post(url: string, secret: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  return { status: response.status, body: await response.text() };
}

function cli(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('bun', [CLI, 'tokens', '--vault', vault?.root ?? '', ...args]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe('a data.json that cannot be trusted', () => {
  test.each([
    ['an invalid hidden-folders slice', { hiddenFolders: 'Private' }],
    ['an invalid token policy', { toolPolicy: { tokens: { [token.id]: { readOnly: 'yes' } } } }],
  ])('with %s: every request is refused until the file is fixed', async (_name, slice) => {
    const settings = { schemaVersion: 2, transport: { port: null }, tokens: [token], ...slice };
    const { server: running, dataJson } = await serveWith(settings);
    const refused = await post(running.url, token.secret);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'settings_invalid' });
    expect(refused.body).not.toContain(vault?.root ?? '');
    expect(JSON.parse(await readFile(dataJson, 'utf8'))).toEqual(settings);
    await writeFile(
      dataJson,
      JSON.stringify({ ...settings, ...{ hiddenFolders: ['Private'], toolPolicy: undefined } }),
    );
    expect((await post(running.url, token.secret)).status).toBe(200);
  });

  test('a file that is not JSON, with tokens in it: no fresh token is minted and the file is kept', async () => {
    const text = `{"schemaVersion": 2, "tokens": [${JSON.stringify(token)}], "hiddenFolders": ["Private"`;
    const { server: running, dataJson } = await serveWith(text);
    expect(running.defaultToken).toBeNull();
    expect((await post(running.url, token.secret)).status).toBe(503);
    expect(await readFile(dataJson, 'utf8')).toBe(text);
  });

  test('an invalid slice that is not about access is reported, and the rest is served', async () => {
    const settings = {
      schemaVersion: 2,
      transport: { port: null },
      tokens: [token],
      semantic: 'on',
    };
    const { server: running } = await serveWith(settings);
    expect(running.defaultToken?.secret).toBe(token.secret);
    expect((await post(running.url, token.secret)).status).toBe(200);
    expect(running.settings.problem).toContain('semantic');
  });
});

describe('tokens revoked from the command line', () => {
  test('are refused on the very next request: the window is zero requests', async () => {
    const settings = { schemaVersion: 2, transport: { port: null }, tokens: [token] };
    const { server: running } = await serveWith(settings);
    const acceptedAfterRevoke: number[] = [];
    for (let round = 0; round < 3; round++) {
      const added = await cli('add', '--label', `round ${round}`);
      const [id, secret] = [
        /\(id ([^)]+)\)/.exec(added.out)?.[1],
        added.out.trim().split('\n').pop(),
      ];
      expect(added.code).toBe(0);
      expect((await post(running.url, secret ?? '')).status).toBe(200);
      const revoked = await cli('revoke', id ?? '');
      expect(revoked.code).toBe(0);
      const next = await post(running.url, secret ?? '');
      acceptedAfterRevoke.push(next.status === 401 ? 0 : 1);
    }
    expect(acceptedAfterRevoke).toEqual([0, 0, 0]);
  }, 60_000);
});
