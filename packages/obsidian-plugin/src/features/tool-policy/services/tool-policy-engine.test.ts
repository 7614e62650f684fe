import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allTools, metaTools } from '../../mcp-tools/index.ts';
import { SettingsStore } from '../../settings/index.ts';
import { addToken, setTokenPolicy } from './tokens.ts';
import { ToolPolicyEngine } from './tool-policy-engine.ts';

let folder: string;
let settings: SettingsStore;
let engine: ToolPolicyEngine;
let notices: string[];
let broadcasts: number;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'policy-'));
  settings = await SettingsStore.open(join(folder, 'data.json'));
  notices = [];
  broadcasts = 0;
  engine = new ToolPolicyEngine(settings, allTools, metaTools, {
    surfaceWidened: (message) => notices.push(message),
    broadcastToolsChanged: () => broadcasts++,
  });
});
afterEach(async () => {
  await engine.close();
  await rm(folder, { recursive: true, force: true });
});

const listed = (tokenId: string) => engine.scopeOf(tokenId).listed.map((tool) => tool.name);

describe('ToolPolicyEngine', () => {
  test('a core client activates a tool for this session, or for good with persist, and everyone hears of it', async () => {
    const token = await addToken(settings, 'chat', { profile: 'core' });
    expect(listed(token.id)).not.toContain('get_backlinks');
    let callerNotified = 0;
    const request = engine.forRequest(token.id, async () => void callerNotified++);
    const result = await request.access.activate(
      ['get_backlinks', 'no_such_tool', 'get_vault_file'],
      false,
    );
    expect(result).toEqual({
      activated: ['get_backlinks'],
      alreadyActive: ['get_vault_file'],
      refused: [{ name: 'no_such_tool', reason: 'no such tool' }],
      persisted: false,
    });
    expect(listed(token.id)).toContain('get_backlinks');
    expect([callerNotified, broadcasts, notices.length]).toEqual([1, 1, 1]);
    expect(notices[0]).toContain('"chat" can now use get_backlinks');
    expect(settings.current.toolPolicy.tokens[token.id]?.promoted).toEqual([]);
    const before = await readFile(settings.path, 'utf8');
    await engine
      .forRequest(token.id, async () => undefined)
      .access.activate(['get_recent_files'], true);
    // Pinned on this device; data.json is the user's to change (ADR-0033).
    expect(settings.usage.current.pinned[token.id]).toEqual(['get_recent_files']);
    expect(await readFile(settings.path, 'utf8')).toBe(before);
    expect(engine.scopeOf(token.id).check('get_recent_files').kind).toBe('allowed');
  });

  test('activation refuses tools outside the allowlist or a read-only token, by name and reason', async () => {
    const token = await addToken(settings, 'reader', {
      profile: 'core',
      readOnly: true,
      allowlist: ['get_backlinks', 'create_vault_file'],
    });
    const result = await engine
      .forRequest(token.id, async () => undefined)
      .access.activate(['get_recent_files', 'create_vault_file', 'get_backlinks'], false);
    expect(result.activated).toEqual(['get_backlinks']);
    expect(result.refused.map((refusal) => refusal.name)).toEqual([
      'get_recent_files',
      'create_vault_file',
    ]);
    expect(result.refused[1]?.reason).toContain('read-only');
  });

  test('adaptive: three calls of a tool promote it for every adaptive client, not for core ones', async () => {
    const adaptive = await addToken(settings, 'adaptive one', { profile: 'adaptive' });
    const other = await addToken(settings, 'adaptive two', { profile: 'adaptive' });
    const core = await addToken(settings, 'core', { profile: 'core' });
    const request = engine.forRequest(adaptive.id, async () => undefined);
    await request.access.activate(['get_backlinks'], false);
    expect(listed(other.id)).not.toContain('get_backlinks');
    const promotions = [];
    for (let call = 0; call < 3; call++)
      promotions.push((await request.afterCall('get_backlinks')).promoted);
    expect(promotions).toEqual([false, false, true]);
    expect(listed(other.id)).toContain('get_backlinks');
    expect(listed(core.id)).not.toContain('get_backlinks');
    expect(
      engine.scopeOf(other.id).reachable.find((entry) => entry.tool.name === 'get_backlinks')
        ?.status,
    ).toBe('promoted');
    expect((await request.afterCall('get_backlinks')).promoted).toBe(false);
  });

  test('the catalog lists what the token may reach, with status and calls', async () => {
    const token = await addToken(settings, 'allow', {
      profile: 'core',
      allowlist: ['get_vault_file', 'get_backlinks'],
    });
    const request = engine.forRequest(token.id, async () => undefined);
    await request.afterCall('get_vault_file');
    expect(
      request.access.catalog().map(({ name, status, calls }) => ({ name, status, calls })),
    ).toEqual([
      { name: 'get_vault_file', status: 'active', calls: 1 },
      { name: 'get_backlinks', status: 'inactive', calls: 0 },
    ]);
  });

  test('policy edits apply to the next request', async () => {
    const token = await addToken(settings, 'x', {});
    expect(listed(token.id)).toContain('delete_vault_file');
    await setTokenPolicy(settings, token.id, { readOnly: true });
    expect(listed(token.id)).not.toContain('delete_vault_file');
    await settings.updateSlice('toolPolicy', (policy) => ({
      ...policy,
      userDisabled: ['get_vault_file'],
    }));
    expect(listed(token.id)).not.toContain('get_vault_file');
  });

  test('a scope is resolved once per change of settings or activations, not per request', async () => {
    const token = await addToken(settings, 'chat', { profile: 'core' });
    const first = engine.scopeOf(token.id);
    expect(engine.scopeOf(token.id)).toBe(first);
    await engine
      .forRequest(token.id, async () => undefined)
      .access.activate(['get_backlinks'], false);
    const activated = engine.scopeOf(token.id);
    expect(activated).not.toBe(first);
    expect(activated.listed.map((tool) => tool.name)).toContain('get_backlinks');
    await setTokenPolicy(settings, token.id, { readOnly: true });
    expect(engine.scopeOf(token.id)).not.toBe(activated);
  });

  test('usage is counted in memory and flushed to the device, never to data.json', async () => {
    const token = await addToken(settings, 'x', {});
    engine.usage.recordRequest(token.id, 'legacy');
    engine.usage.recordRequest(token.id, 'modern');
    engine.usage.recordRequest(token.id, 'modern');
    await engine.forRequest(token.id, async () => undefined).afterCall('list_tags');
    const before = await readFile(settings.path, 'utf8');
    await engine.usage.flush();
    expect(settings.usage.current.requests[token.id]).toMatchObject({ legacy: 1, modern: 2 });
    expect(settings.usage.current.calls.list_tags).toBe(1);
    expect(await readFile(settings.path, 'utf8')).toBe(before);
  });
});
