import { afterEach, beforeEach, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../settings/index.ts';
import { CORE_TOOLS } from './core-tools.ts';
import { demoteTool, promotableTools, promoteTool, promotedTools } from './promoted-by-hand.ts';
import { addToken, setTokenPolicy } from './tokens.ts';

let folder: string;
let store: SettingsStore;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'promoted-'));
  store = await SettingsStore.open(join(folder, 'data.json'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function message(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error as Error).message,
  );
}

const promotable = (id: string) => promotableTools(store.current, store.usage.current, id);

test('a core token can promote what core does not list; all lists everything already', async () => {
  const core = await addToken(store, 'Chat', { profile: 'core' });
  const all = await addToken(store, 'Code', { profile: 'all' });
  expect(promotable(all.id)).toEqual([]);
  expect(promotable(core.id)).toContain('get_backlinks');
  expect(promotable(core.id).some((name) => CORE_TOOLS.includes(name))).toBe(false);
  const policy = await promoteTool(store, core.id, 'get_backlinks');
  expect(policy.promoted).toEqual(['get_backlinks']);
  expect(promotable(core.id)).not.toContain('get_backlinks');
  expect(await message(promoteTool(store, core.id, 'get_backlinks'))).toContain('already');
  expect(await message(promoteTool(store, core.id, 'search_vault'))).toContain('lists');
  expect(await message(promoteTool(store, core.id, 'no_such_tool'))).toBe(
    'No tool is called no_such_tool.',
  );
  expect(await message(promoteTool(store, all.id, 'get_backlinks'))).toContain('(all) lists');
});

test('a read-only token cannot promote a write; demote takes a pin off data.json and this device', async () => {
  const reader = await addToken(store, 'Reader', { profile: 'core', readOnly: true });
  expect(await message(promoteTool(store, reader.id, 'delete_vault_file'))).toContain(
    'cannot reach',
  );
  await promoteTool(store, reader.id, 'get_backlinks');
  await store.usage.update((usage) => ({ ...usage, pinned: { [reader.id]: ['get_backlinks'] } }));
  expect(await demoteTool(store, reader.id, 'get_backlinks')).toEqual({
    name: 'get_backlinks',
    by: 'token',
  });
  expect(promotedTools(store.current, store.usage.current, reader.id)).toEqual([]);
  expect(await message(demoteTool(store, reader.id, 'get_backlinks'))).toContain('not promoted');
  expect(await message(demoteTool(store, 'no-such-token', 'get_backlinks'))).toContain('No token');
});

test('demoting what adaptive use promoted forgets its count, for every adaptive token', async () => {
  const adaptive = await addToken(store, 'Adaptive', { profile: 'adaptive' });
  await setTokenPolicy(store, adaptive.id, { promoted: [] });
  await store.usage.update((usage) => ({
    ...usage,
    promoted: ['get_backlinks'],
    calls: { get_backlinks: 5 },
  }));
  expect(await demoteTool(store, adaptive.id, 'get_backlinks')).toMatchObject({ by: 'adaptive' });
  expect(store.usage.current).toMatchObject({ promoted: [], calls: {} });
});
