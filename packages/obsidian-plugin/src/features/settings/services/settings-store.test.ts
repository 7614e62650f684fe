import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { defaultSettings, newTokenRecord } from '@mcp-connector/shared';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SettingsStore } from './settings-store.ts';

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'settings-'));
  path = join(folder, 'plugins', 'mcp-connector', 'data.json');
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
    expect((await rejectionOf(readdir(join(folder, 'plugins')))).code).toBe('ENOENT');
  });

  test('updateSlice writes the whole file and returns the new slice', async () => {
    const store = await SettingsStore.open(path);
    const port = await store.updateSlice('transport', () => ({ port: 27203 }));
    expect(port).toEqual({ port: 27203 });
    expect(await onDisk()).toMatchObject({
      schemaVersion: 1,
      transport: { port: 27203 },
      tokens: [],
    });
    expect((await SettingsStore.open(path)).current.transport.port).toBe(27203);
  });

  test('concurrent writers lose no update', async () => {
    const store = await SettingsStore.open(path);
    const other = await SettingsStore.open(path);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, index) =>
        store.updateSlice('tokens', (tokens) => [...tokens, newTokenRecord(`a${index}`)]),
      ),
      ...Array.from({ length: 5 }, (_, index) =>
        other.updateSlice('tokens', (tokens) => [...tokens, newTokenRecord(`b${index}`)]),
      ),
      store.updateSlice('transport', () => ({ port: 27204 })),
    ]);
    const saved = await onDisk();
    expect((saved.tokens as unknown[]).length).toBe(10);
    expect(saved.transport).toEqual({ port: 27204 });
  });

  test('sees changes another process made to the file before applying its own', async () => {
    const store = await SettingsStore.open(path);
    await store.updateSlice('transport', () => ({ port: 27201 }));
    const external = {
      schemaVersion: 1,
      transport: { port: 27205 },
      tokens: [newTokenRecord('cli')],
    };
    await writeFile(path, JSON.stringify(external));
    await store.updateSlice('tokens', (tokens) => [...tokens, newTokenRecord('plugin')]);
    const saved = await onDisk();
    expect(saved.transport).toEqual({ port: 27205 });
    expect((saved.tokens as { label: string }[]).map((token) => token.label)).toEqual([
      'cli',
      'plugin',
    ]);
  });

  test.each([
    ['not JSON', '{"schemaVersion": 1, '],
    ['the wrong shape', '{"schemaVersion": 1, "transport": {"port": "x"}, "tokens": []}'],
  ])('a file that is %s is kept aside, never overwritten, and reported', async (_kind, text) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    const store = await SettingsStore.open(path);
    expect(store.problem).toContain('data.json');
    expect(store.current.tokens).toEqual([]);
    const kept = (await readdir(join(folder, 'plugins', 'mcp-connector'))).filter((name) =>
      name.includes('.corrupt-'),
    );
    expect(kept.length).toBe(1);
    expect(
      await readFile(join(folder, 'plugins', 'mcp-connector', kept[0] as string), 'utf8'),
    ).toBe(text);
  });
});
