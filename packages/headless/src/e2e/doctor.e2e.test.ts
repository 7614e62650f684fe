/**
 * `doctor` against real folders, a real running server and real client files in a temp home:
 * it passes a healthy setup (exit 0) and catches, each with its fix, a missing vault, an invalid
 * data.json slice, an unknown token in a client config, a port held by another program and no
 * server running (exit 1); and it names a semantic provider's missing packages. It sends a
 * secret only to the server that proved it published live-server.json. Ports are the
 * ones these tests bound, never 27200-27205.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  runDoctor,
  type DoctorCheck,
  type DoctorReport,
} from '@mcp-connector/obsidian-plugin/doctor';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { doctorEnvironment } from '../commands/doctor.ts';
import { settingsPathOf } from '../serve.ts';
import {
  buildVault,
  defaultToken,
  startTestServer,
  type McpTestServer,
  type TempVault,
} from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
const STARTS = 30_000;

/** The CLI from source, run without blocking this process (whose server it may probe). */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  return new Promise<{ status: number | null; stdout: string }>((resolve) =>
    child.once('close', (status) => resolve({ status, stdout })),
  );
}

let home: string;
let live: McpTestServer;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'doctor-home-'));
  live = await startTestServer();
});
afterAll(async () => {
  await live.stop();
  await rm(home, { recursive: true, force: true });
});

/** The CLI's doctor, with the client files of `home` and the server ports given. */
function doctor(vault: string, ports: readonly number[]): Promise<DoctorReport> {
  const env = doctorEnvironment(vault);
  return runDoctor({ ...env, clients: { ...env.clients, home }, ports });
}

function check(report: DoctorReport, id: string): DoctorCheck {
  const found = report.checks.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no ${id} check in ${JSON.stringify(report)}`);
  return found;
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value, null, 2));
}

async function cursorPointsAt(url: string, secret: string): Promise<void> {
  await writeJson(join(home, '.cursor', 'mcp.json'), {
    mcpServers: { obsidian: { url, headers: { Authorization: `Bearer ${secret}` } } },
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function vaultWithToken(): Promise<TempVault> {
  const vault = await buildVault({ '.obsidian/app.json': '{}', 'Note.md': '# Note\n' });
  await defaultToken(vault.root);
  return vault;
}

describe('doctor', () => {
  test(
    'a healthy setup: every check ok, both protocol lines, exit code 0',
    async () => {
      await cursorPointsAt(live.url.href, live.token);
      const report = await doctor(live.vault.root, [live.server.port]);
      expect(
        report.checks.filter((entry) => entry.status === 'warn' || entry.status === 'fail'),
      ).toEqual([]);
      // It names where this device keeps what is not in the vault (ADR-0033).
      expect(check(report, 'settings').details?.[0]).toContain(
        '/.local/state/local-mcp-server/vaults/',
      );
      expect(check(report, 'server').summary).toContain(
        'on 2026-07-28 and 2025-11-25 (legacy handshake)',
      );
      expect(check(report, 'clients').details).toEqual([
        'Cursor ~/.cursor/mcp.json "obsidian": points at the live endpoint with the token "Default"',
      ]);
      // The command line too: the fixed port in data.json points it at this server.
      await live.settings.updateSlice('transport', (current) => ({
        ...current,
        port: live.server.port,
      }));
      // Client files from `home`; the device (the token's secret) stays this test run's.
      const cli = await runCli(['doctor', '--vault', live.vault.root], {
        HOME: home,
        XDG_STATE_HOME: join(process.env.HOME ?? '', '.local', 'state'),
      });
      await live.settings.updateSlice('transport', (current) => ({
        ...current,
        port: null,
      }));
      expect(cli.stdout).toContain('All is well.');
      expect(cli.status).toBe(0);
    },
    STARTS,
  );

  test(
    'a server on a port of its own (serve --port N) is found where live-server.json says',
    async () => {
      // The test server listens on a port of its own choosing, neither data.json's nor one of
      // the ports the doctor is told to try: only live-server.json names it.
      const report = await doctor(live.vault.root, [await freePort()]);
      const server = check(report, 'server');
      expect(server.status).toBe('ok');
      expect(server.summary).toContain(`answers at http://127.0.0.1:${live.server.port}/mcp`);
      expect(check(report, 'port')).toEqual({
        id: 'port',
        title: 'Port',
        status: 'ok',
        summary: `${live.server.port}, given when the server started (live-server.json names it; data.json does not)`,
      });
      // The command line, with a home of its own (no client files) but this device's state
      // folder, where live-server.json is (ADR-0033), probing its usual ports.
      const ownHome = await mkdtemp(join(tmpdir(), 'doctor-home-'));
      const state =
        process.env.XDG_STATE_HOME ?? join(process.env.HOME ?? homedir(), '.local', 'state');
      try {
        const cli = await runCli(['doctor', '--vault', live.vault.root], {
          HOME: ownHome,
          XDG_STATE_HOME: state,
        });
        expect(cli.stdout).toContain(
          `ok    Server: answers at http://127.0.0.1:${live.server.port}/mcp`,
        );
        expect(cli.stdout).toContain('All is well.');
        expect(cli.status).toBe(0);
      } finally {
        await rm(ownHome, { recursive: true, force: true });
      }
    },
    STARTS,
  );

  test(
    'a missing vault: "vault folder not found: PATH", exit code 1',
    async () => {
      const missing = join(home, 'No Vault');
      const cli = await runCli(['doctor', '--vault', missing]);
      expect(cli.status).toBe(1);
      expect(cli.stdout).toContain(`FAIL  Vault folder: vault folder not found: ${missing}`);
      expect(cli.stdout).toContain('1 problem found.');
    },
    STARTS,
  );

  test.skipIf(process.platform === 'win32')(
    'Node.js: node and npx on the PATH with their versions, or what needs them and the Homebrew command',
    async () => {
      const vault = await vaultWithToken();
      const bin = join(home, 'fake-bin');
      await mkdir(bin, { recursive: true });
      await writeFile(join(bin, 'node'), '#!/bin/sh\necho v22.11.0\n');
      await writeFile(join(bin, 'npx'), '#!/bin/sh\necho 10.9.0\n');
      await Promise.all([chmod(join(bin, 'node'), 0o755), chmod(join(bin, 'npx'), 0o755)]);
      const withPath = async (PATH: string, platform: NodeJS.Platform) => {
        const env = doctorEnvironment(vault.root);
        const clients = { ...env.clients, home, platform, env: { PATH } };
        return check(await runDoctor({ ...env, clients, ports: [] }), 'node');
      };
      try {
        expect(await withPath(bin, 'linux')).toMatchObject({
          status: 'ok',
          summary: `node v22.11.0 (${join(bin, 'node')}), npx 10.9.0 (${join(bin, 'npx')})`,
        });
        const missing = await withPath(join(home, 'no-such-bin'), 'darwin');
        expect(missing).toMatchObject({
          status: 'info',
          summary: 'node not on the PATH, npx not on the PATH',
          fix: 'Only if you use an mcp-remote config: install it with Homebrew: brew install node.',
        });
        expect(missing.details?.[0]).toContain('Only the mcp-remote configs need Node.js');
      } finally {
        await vault.remove();
      }
    },
    STARTS,
  );

  test('an invalid data.json slice is named, with the fix', async () => {
    const vault = await vaultWithToken();
    const path = settingsPathOf(vault.root);
    const settings = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    await writeJson(path, { ...settings, semantic: { enabled: 'yes', provider: 'auto' } });
    try {
      const found = check(await doctor(vault.root, [await freePort()]), 'settings');
      expect(found.status).toBe('fail');
      expect(found.summary).toBe('invalid slice: semantic');
      expect(found.fix).toContain('Correct semantic in');
    } finally {
      await vault.remove();
    }
  });

  test('a semantic provider missing its packages is named, with what to install', async () => {
    const vault = await vaultWithToken();
    try {
      const settings = await SettingsStore.open(settingsPathOf(vault.root));
      await settings.updateSlice('semantic', (current) => ({ ...current, provider: 'native' }));
      settings.close();
      // The headless package does not depend on transformers.js: from here it never resolves.
      const found = check(await doctor(vault.root, [await freePort()]), 'semantic');
      expect(found.status).toBe('warn');
      expect(found.summary).toBe(
        'provider "native": not installed here (@huggingface/transformers, onnxruntime-node): search_vault_smart is unavailable (search_vault_simple still works)',
      );
      expect(found.fix).toStartWith('Install @huggingface/transformers and onnxruntime-node');
    } finally {
      await vault.remove();
    }
  });

  test('an unknown token in a client config pointing at the live endpoint', async () => {
    await cursorPointsAt(live.url.href, 'not-a-token-of-this-vault-0123456789abcdef');
    const found = check(await doctor(live.vault.root, [live.server.port]), 'clients');
    expect(found.status).toBe('fail');
    expect(found.details).toEqual([
      'Cursor ~/.cursor/mcp.json "obsidian": points at the live endpoint with a token this vault does not have (revoked or regenerated?)',
    ]);
    expect(found.fix).toContain('tokens --vault');
  });

  test('a port held by another program, named with its process', async () => {
    const vault = await vaultWithToken();
    const squatter: Server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as { port: number };
    try {
      const settings = await SettingsStore.open(settingsPathOf(vault.root));
      await settings.updateSlice('transport', (current) => ({ ...current, port }));
      settings.close();
      const report = await doctor(vault.root, []);
      const found = check(report, 'port');
      expect(found.status).toBe('fail');
      expect(found.summary).toStartWith(`${port} (fixed): another program`);
      if (process.platform === 'linux') expect(found.summary).toContain(`(pid ${process.pid}, `);
      expect(found.fix).toContain('--port N');
      expect(check(report, 'server').status).toBe('fail');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
      await vault.remove();
    }
  });

  test('the secret goes only to the server that proves it published live-server.json', async () => {
    const heard: (string | undefined)[] = [];
    const impostor: Server = createServer((request, response) => {
      heard.push(request.headers.authorization);
      response.writeHead(401).end();
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const { port } = impostor.address() as { port: number };
    try {
      const report = await doctor(live.vault.root, [port, live.server.port]);
      expect(check(report, 'server').status).toBe('ok');
      expect(heard.length).toBeGreaterThan(0);
      expect(heard.filter((header) => header !== undefined)).toEqual([]);
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
    }
  });

  test('no server running: said, with how to start one', async () => {
    const vault = await vaultWithToken();
    try {
      const report = await doctor(vault.root, [await freePort()]);
      const found = check(report, 'server');
      expect(found.status).toBe('fail');
      expect(found.summary).toBe('no server answers for this vault');
      expect(found.fix).toContain(`serve --vault ${vault.root}`);
      expect(check(report, 'port').status).toBe('ok');
      expect(report.problems).toBe(1);
    } finally {
      await vault.remove();
    }
  });
});
