/**
 * `bun run connect` against a running server: `--client list` names every client, a snippet
 * carries the live endpoint and the token chosen by label or id (and the install links of
 * Cursor, VS Code and LM Studio the same entry), `mcpb` writes a bundle the
 * official CLI accepts, `claude-desktop` syncs a config file, and bad input says what to do.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLIENTS } from '@mcp-connector/obsidian-plugin/client-config';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { IssuedToken } from '@mcp-connector/shared';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROGRAM } from '../../commands/usage.ts';
import { bannerFor } from '../../serve.ts';
import {
  buildVault,
  httpTest,
  inProcessTest,
  mcpbCli,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const CLI = join(import.meta.dir, '..', '..', 'cli.ts');
let t: McpTestServer;
let token: IssuedToken;
let out: string;

beforeAll(async () => {
  t = await startTestServer(await buildVault({ 'Welcome.md': '# Welcome\n' }));
  token = await addToken(t.settings, 'Cursor');
  out = await mkdtemp(join(tmpdir(), 'connect-cli-'));
});
afterAll(async () => {
  await t.stop();
  await rm(out, { recursive: true, force: true });
});

/** The server name and entry an install link carries, decoded as Cursor or VS Code would. */
function decodeInstallLink(link: string): { name: string; entry: object } {
  if (link.startsWith('vscode:mcp/install?')) {
    const { name, ...entry } = JSON.parse(
      decodeURIComponent(link.slice('vscode:mcp/install?'.length)),
    ) as { name: string };
    return { name, entry };
  }
  const url = new URL(link);
  expect(['cursor://anysphere.cursor-deeplink/mcp/install', 'lmstudio://add_mcp']).toContain(
    `${url.protocol}//${url.host}${url.pathname}`,
  );
  const config = Buffer.from(url.searchParams.get('config') ?? '', 'base64').toString('utf8');
  return { name: url.searchParams.get('name') ?? '', entry: JSON.parse(config) as object };
}

function connect(...args: string[]) {
  const run = spawnSync('bun', [CLI, 'connect', ...args], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('bun run connect', () => {
  test('--client list names every copy-config client, the Desktop sync and the bundle', () => {
    const listed = connect('--client', 'list');
    expect(listed.status).toBe(0);
    for (const id of [...CLIENTS.map((client) => client.id), 'claude-desktop', 'mcpb'])
      expect(listed.out).toContain(`  ${id} `);
  });

  httpTest(
    'a snippet points at the live endpoint with the token chosen by label, and --out writes its file form',
    () => {
      const file = join(out, 'mcp.json');
      const run = connect(
        '--vault',
        t.vault.root,
        '--token',
        'cursor',
        '--client',
        'cursor',
        '--out',
        file,
      );
      expect(run.status).toBe(0);
      const printed = JSON.parse(run.out) as {
        mcpServers: Record<string, { url: string; headers: { Authorization: string } }>;
      };
      expect(Object.values(printed.mcpServers)[0]).toEqual({
        url: t.url.href,
        headers: { Authorization: `Bearer ${token.secret}` },
      });
      return readFile(file, 'utf8').then((text) => expect(text).toBe(run.out));
    },
  );

  httpTest.each(['cursor', 'vscode', 'lm-studio'])(
    '%s: the one-click install link on stderr carries the printed entry',
    (client) => {
      const run = connect('--vault', t.vault.root, '--token', 'Cursor', '--client', client);
      expect(run.status).toBe(0);
      const link =
        run.err.split('\n').find((line) => /^(cursor|vscode|lmstudio):/.test(line)) ?? '';
      const printed = JSON.parse(run.out) as Record<string, Record<string, object>>;
      const [name, entry] = Object.entries(printed.mcpServers ?? printed.servers ?? {})[0] ?? [];
      expect(decodeInstallLink(link)).toEqual({ name: name ?? '', entry: entry ?? {} });
    },
  );

  test('mcpb writes a bundle for the token (by id) that the official mcpb CLI reads', () => {
    const file = join(out, 'garden.mcpb');
    const run = connect(
      '--vault',
      t.vault.root,
      '--token',
      token.id,
      '--client',
      'mcpb',
      '--out',
      file,
    );
    expect(run.status).toBe(0);
    const info = mcpbCli('info', file);
    expect(info.status).toBe(0);
    expect(info.out).toContain('garden.mcpb');
  });

  test('claude-desktop syncs the config file given with --out', async () => {
    const config = join(out, 'claude_desktop_config.json');
    const run = connect(
      '--vault',
      t.vault.root,
      '--token',
      'Cursor',
      '--client',
      'claude-desktop',
      '--out',
      config,
    );
    expect(run.status).toBe(0);
    expect(run.out).toContain('Restart Claude Desktop');
    const servers = (
      JSON.parse(await readFile(config, 'utf8')) as {
        mcpServers: Record<string, { env: Record<string, string> }>;
      }
    ).mcpServers;
    expect(Object.values(servers)[0]?.env.MCP_CONNECTOR_TOKEN_ID).toBe(token.id);
  });

  test.each([
    [
      ['--vault', 'x', '--token', 'y', '--client', 'notepad'],
      'Unknown client "notepad"; --client list shows the names.',
    ],
    [['--client', 'cursor'], 'connect needs --vault DIR --token ID|LABEL --client NAME'],
  ])('bad input %j says what to do (a usage error: exit code 2)', (args, message) => {
    const run = connect(...args);
    expect(run.status).toBe(2);
    expect(run.err).toContain(message);
  });

  test('an unknown token names the tokens command, and nothing falls back to another token', () => {
    const run = connect('--vault', t.vault.root, '--token', 'Nope', '--client', 'cursor');
    expect(run.status).toBe(1);
    expect(run.err).toContain('No token with the id or label "Nope"');
    expect(run.err).toContain(`${PROGRAM} tokens --vault`);
    expect(run.out).toBe('');
  });

  inProcessTest('the headless banner points to connect', () => {
    expect(bannerFor(t.server)).toContain(`${PROGRAM} connect --vault`);
    expect(bannerFor(t.server)).toContain(
      `claude mcp add --transport http --scope user obsidian-vault ${t.server.url}`,
    );
  });
});
