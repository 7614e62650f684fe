import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { rejectionOf, waitFor } from '@mcp-connector/shared/test-support';
import {
  SETTINGS_SCHEMA_VERSION,
  defaultSettings,
  hashSecret,
  newToken,
  recordOf,
} from '@mcp-connector/shared';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SettingsStore } from './settings-store.ts';

/** A token as data.json keeps it (a hash, no secret). */
const record = (label: string) => recordOf(newToken(label));

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'settings-'));
  path = join(folder, 'plugins', 'local-mcp-server', 'data.json');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function onDisk(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

describe('SettingsStore', () => {
  test('a missing file means defaults, and nothing is written until something changes', async () => {
    const store = await SettingsStore.open(path);
    expect(store.current).toEqual(defaultSettings());
    await store.updateSlice('tokens', (tokens) => tokens);
    expect((await rejectionOf(readFile(path, 'utf8'))).code).toBe('ENOENT');
  });

  test('updateSlice writes the whole file and returns the new slice', async () => {
    const store = await SettingsStore.open(path);
    const port = await store.updateSlice('transport', (current) => ({ ...current, port: 27203 }));
    expect(port).toEqual({ port: 27203, serverName: null });
    expect(await onDisk()).toMatchObject({
      schemaVersion: SETTINGS_SCHEMA_VERSION,
      transport: { port: 27203, serverName: null },
      tokens: [],
    });
    expect((await SettingsStore.open(path)).current.transport.port).toBe(27203);
  });

  test('updateSlices changes several slices in one write, and none when one is invalid', async () => {
    const store = await SettingsStore.open(path);
    let heard = 0;
    store.onChange(() => heard++);
    const after = await store.updateSlices({
      transport: (current) => ({ ...current, port: 27204 }),
      hiddenFolders: (folders) => [...folders, 'Private'],
      tokens: (tokens) => tokens,
    });
    expect(heard).toBe(1);
    expect(after.transport?.port).toBe(27204);
    expect(after.tokens).toEqual([]);
    expect(await onDisk()).toMatchObject({
      transport: { port: 27204 },
      hiddenFolders: ['Private'],
    });
    const written = await readFile(path, 'utf8');
    const refused = await rejectionOf(
      store.updateSlices({
        transport: (current) => ({ ...current, port: 27205 }),
        hiddenFolders: () => 'not folders' as never,
      }),
    );
    expect(refused.message).toContain('hiddenFolders');
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  test('concurrent writers lose no update', async () => {
    const store = await SettingsStore.open(path);
    const other = await SettingsStore.open(path);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, index) =>
        store.updateSlice('tokens', (tokens) => [...tokens, record(`a${index}`)]),
      ),
      ...Array.from({ length: 5 }, (_, index) =>
        other.updateSlice('tokens', (tokens) => [...tokens, record(`b${index}`)]),
      ),
      store.updateSlice('transport', (current) => ({ ...current, port: 27204 })),
    ]);
    const saved = await onDisk();
    expect((saved.tokens as unknown[]).length).toBe(10);
    expect(saved.transport).toEqual({ port: 27204, serverName: null });
  });

  test('sees changes another process made to the file before applying its own', async () => {
    const store = await SettingsStore.open(path);
    await store.updateSlice('transport', (current) => ({ ...current, port: 27201 }));
    const external = {
      schemaVersion: 1,
      transport: { port: 27205 },
      tokens: [record('cli')],
    };
    await writeFile(path, JSON.stringify(external));
    await store.updateSlice('tokens', (tokens) => [...tokens, record('plugin')]);
    const saved = await onDisk();
    expect(saved.transport).toEqual({ port: 27205, serverName: null });
    expect((saved.tokens as { label: string }[]).map((token) => token.label)).toEqual([
      'cli',
      'plugin',
    ]);
  });

  test('a file of the wrong shape stays as written, and the bad slice is reported', async () => {
    const text = '{"schemaVersion": 1, "transport": {"port": "x"}, "tokens": []}';
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    const store = await SettingsStore.open(path);
    expect(store.problem).toContain('transport');
    expect(store.current.transport).toEqual({ port: null, serverName: null });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  test.each([['not JSON', '{"schemaVersion": 1, ']])(
    'a file that is %s is kept aside, never overwritten, and reported',
    async (_kind, text) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text);
      const store = await SettingsStore.open(path);
      expect(store.problem).toContain('data.json');
      expect(store.current.tokens).toEqual([]);
      const kept = (await readdir(join(folder, 'plugins', 'local-mcp-server'))).filter((name) =>
        name.includes('.corrupt-'),
      );
      expect(kept.length).toBe(1);
      expect(
        await readFile(join(folder, 'plugins', 'local-mcp-server', kept[0] as string), 'utf8'),
      ).toBe(text);
    },
  );
});

describe('SettingsStore migrations', () => {
  test('a single-token file becomes row one, labelled Default, with the same secret byte for byte', async () => {
    const secret = 'legacy-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, JSON.stringify({ token: secret, port: 27204 }));
    const store = await SettingsStore.open(path);
    expect(store.problem).toBeNull();
    const tokens = store.current.tokens;
    expect(tokens.map((token) => [token.label, store.secrets.get(token.id)])).toEqual([
      ['Default', secret],
    ]);
    expect(await readFile(path, 'utf8')).not.toContain(secret);
    expect(store.current.transport).toEqual({ port: 27204, serverName: null });
    const saved = await onDisk();
    expect(saved.schemaVersion).toBe(SETTINGS_SCHEMA_VERSION);
    expect((saved.tokens as { secret?: string }[])[0]?.secret).toBeUndefined();
  });

  test('a version 1 file gains the new slices with their defaults and keeps everything else', async () => {
    const { secret, ...token } = newToken('Claude Code');
    await mkdir(dirname(path), { recursive: true });
    await writeFile(
      path,
      JSON.stringify({
        schemaVersion: 1,
        transport: { port: null },
        tokens: [{ ...token, secret }],
      }),
    );
    const store = await SettingsStore.open(path);
    expect(store.current).toEqual({ ...defaultSettings(), tokens: [token] });
    expect(store.secrets.get(token.id)).toBe(secret);
  });

  test('a version 2 file: each plain secret moves to the device home (0600), its hash stays', async () => {
    const plain = [newToken('Claude'), newToken('Cursor')].map(
      ({ hash: _hash, ...token }) => token,
    );
    await mkdir(dirname(path), { recursive: true });
    const usage = {
      [plain[0]?.id ?? '']: { legacy: 3, modern: 4, lastSeen: '2026-01-02T00:00:00Z' },
    };
    const toolPolicy = {
      tokens: {},
      userDisabled: [],
      promoted: ['list_tags'],
      callCounts: { list_tags: 7 },
    };
    await writeFile(path, JSON.stringify({ schemaVersion: 2, tokens: plain, usage, toolPolicy }));
    const store = await SettingsStore.open(path);
    const text = await readFile(path, 'utf8');
    for (const token of plain) {
      expect(text).not.toContain(token.secret);
      expect(store.secrets.get(token.id)).toBe(token.secret);
    }
    expect(store.current.tokens.map((token) => token.hash)).toEqual(
      plain.map((token) => hashSecret(token.id, token.secret)),
    );
    expect((await stat(store.device.secrets)).mode & 0o777).toBe(0o600);
    // The counters serving kept move too; what the user promoted stays.
    expect(JSON.parse(text)).not.toHaveProperty('usage');
    expect(store.current.toolPolicy).toEqual({
      tokens: {},
      userDisabled: [],
      promoted: ['list_tags'],
    });
    expect(store.usage.current.calls).toEqual({ list_tags: 7 });
    expect(store.usage.current.requests).toEqual(usage);
    expect(store.device.secrets.startsWith(join(process.env.HOME ?? '', '.local', 'state'))).toBe(
      true,
    );
  });

  test('a file that is not written back (an invalid slice) still has its secrets kept on the device', async () => {
    const { hash: _hash, ...token } = newToken('Claude');
    await mkdir(dirname(path), { recursive: true });
    const text = JSON.stringify({ schemaVersion: 2, tokens: [token], semantic: 'on' });
    await writeFile(path, text);
    const store = await SettingsStore.open(path);
    expect(store.secrets.get(token.id)).toBe(token.secret);
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});

describe('SettingsStore across processes', () => {
  test('concurrent writers (a token add racing a promotion and a folder change) lose no update', async () => {
    const stores = await Promise.all([
      SettingsStore.open(path),
      SettingsStore.open(path),
      SettingsStore.open(path),
    ]);
    const [tokens, policy, folders] = stores;
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => [
        tokens.updateSlice('tokens', (current) => [...current, record(`client ${index}`)]),
        policy.updateSlice('toolPolicy', (current) => ({
          ...current,
          promoted: [...current.promoted, `tool_${index}`],
        })),
        folders.updateSlice('hiddenFolders', (current) => [...current, `Folder ${index}`]),
      ]).flat(),
    );
    const saved = (await SettingsStore.open(path)).current;
    expect(saved.tokens.length).toBe(5);
    expect([...saved.toolPolicy.promoted].sort()).toEqual([
      'tool_0',
      'tool_1',
      'tool_2',
      'tool_3',
      'tool_4',
    ]);
    expect(saved.hiddenFolders.length).toBe(5);
  });

  test('another process writing the file is seen by a watching store', async () => {
    const server = await SettingsStore.open(path);
    await server.updateSlice('transport', (current) => ({ ...current, port: 27201 }));
    await server.watch();
    try {
      const cli = await SettingsStore.open(path);
      const added = record('from the CLI');
      await cli.updateSlice('tokens', (current) => [...current, added]);
      await waitFor(
        () => server.current.tokens.some((token) => token.id === added.id),
        'the watching store to see the new token',
      );
    } finally {
      server.close();
    }
  });

  test('a stale lock left by a crashed process is taken over; a fresh one is waited for', async () => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.lock`, '12345');
    const old = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, old, old);
    const store = await SettingsStore.open(path);
    await store.updateSlice('transport', (current) => ({ ...current, port: 27202 }));
    expect((await onDisk()).transport).toEqual({ port: 27202, serverName: null });
    expect((await rejectionOf(readFile(`${path}.lock`, 'utf8'))).code).toBe('ENOENT');
  });
});

describe('SettingsStore never fails open', () => {
  const token = record('Kept');
  async function writeRaw(value: unknown): Promise<string> {
    await mkdir(dirname(path), { recursive: true });
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    await writeFile(path, text);
    return text;
  }

  test('a file with one invalid slice keeps every valid slice and names the invalid one', async () => {
    await writeRaw({
      schemaVersion: 2,
      transport: { port: 27203 },
      tokens: [token],
      semantic: 'on',
    });
    const store = await SettingsStore.open(path);
    expect(store.current.tokens).toEqual([token]);
    expect(store.current.transport.port).toBe(27203);
    expect(store.problem).toContain('semantic');
    expect(store.refusal).toBeNull();
  });

  test.each([
    ['hidden folders', { hiddenFolders: 'Private' }],
    ['hidden folders leaving the vault', { hiddenFolders: ['../x'] }],
    ['token policy', { toolPolicy: { tokens: { x: { profile: 'root' } } } }],
    ['tokens', { tokens: [{ id: 'x', secret: 'short' }] }],
  ])('an invalid %s slice makes the store refuse to serve', async (_name, slice) => {
    await writeRaw({ schemaVersion: 2, transport: { port: null }, tokens: [token], ...slice });
    const store = await SettingsStore.open(path);
    expect(store.refusal).not.toBeNull();
    expect(store.refusal).not.toContain(folder);
  });

  test('a file that is not JSON refuses to serve, and no update overwrites it', async () => {
    const text = await writeRaw(`{"schemaVersion": 2, "tokens": [${JSON.stringify(token)}`);
    const store = await SettingsStore.open(path);
    expect(store.refusal).not.toBeNull();
    expect(await rejectionOf(store.updateSlice('tokens', () => [record('new')]))).toBeInstanceOf(
      Error,
    );
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  test('an update keeps an invalid slice as written and never replaces it with defaults', async () => {
    await writeRaw({
      schemaVersion: 2,
      transport: { port: null },
      tokens: [token],
      hiddenFolders: 'Private',
    });
    const store = await SettingsStore.open(path);
    await store.updateSlice('transport', (current) => ({ ...current, port: 27204 }));
    expect(await onDisk()).toMatchObject({
      hiddenFolders: 'Private',
      tokens: [token],
      transport: { port: 27204 },
    });
    expect(await rejectionOf(store.updateSlice('hiddenFolders', () => []))).toBeInstanceOf(Error);
    expect((await onDisk()).hiddenFolders).toBe('Private');
  });

  test('hidden folders are normalised when written and when read', async () => {
    const store = await SettingsStore.open(path);
    await store.updateSlice('hiddenFolders', () => ['/Prive\u0301/', './Archive/./Old/']);
    expect(store.current.hiddenFolders).toEqual(['Privé', 'Archive/Old']);
    expect((await onDisk()).hiddenFolders).toEqual(['Privé', 'Archive/Old']);
    await writeRaw({
      schemaVersion: 2,
      transport: { port: null },
      tokens: [],
      hiddenFolders: ['Secret/'],
    });
    expect((await SettingsStore.open(path)).current.hiddenFolders).toEqual(['Secret']);
  });

  test("refresh sees another process's change at once, without waiting for a watcher", async () => {
    const store = await SettingsStore.open(path);
    await store.updateSlice('tokens', () => [token]);
    const other = await SettingsStore.open(path);
    await other.updateSlice('tokens', () => []);
    await store.refresh();
    expect(store.current.tokens).toEqual([]);
  });
});
