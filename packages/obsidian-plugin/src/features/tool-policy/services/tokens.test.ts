import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { MAX_TOKENS, ToolError, recordOf, secretMatches } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../settings/index.ts';
import {
  addToken,
  ensureDefaultToken,
  findToken,
  regenerateToken,
  renameToken,
  revokeToken,
  setTokenPolicy,
} from './tokens.ts';

let folder: string;
let settings: SettingsStore;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tokens-'));
  settings = await SettingsStore.open(join(folder, 'data.json'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('tokens', () => {
  test('the first run creates Default with a 32-byte base64url secret', async () => {
    const token = await ensureDefaultToken(settings);
    expect(token.label).toBe('Default');
    const secret = token.secret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url').length).toBe(32);
    expect(await ensureDefaultToken(settings)).toEqual(token);
    expect(settings.secrets.get(token.id)).toBe(token.secret as string);
  });

  test('add with a policy, rename, regenerate keeps id and policy, revoke removes both', async () => {
    const token = await addToken(settings, 'Cursor', { profile: 'core', readOnly: true });
    expect(settings.current.toolPolicy.tokens[token.id]).toEqual({
      profile: 'core',
      promoted: [],
      allowlist: null,
      readOnly: true,
    });
    expect((await renameToken(settings, token.id, 'Cursor (work)')).label).toBe('Cursor (work)');
    const regenerated = await regenerateToken(settings, token.id);
    expect(regenerated.id).toBe(token.id);
    expect(regenerated.secret).not.toBe(token.secret);
    expect(settings.current.toolPolicy.tokens[token.id]?.profile).toBe('core');
    await setTokenPolicy(settings, token.id, { allowlist: ['get_vault_file'] });
    expect(settings.current.toolPolicy.tokens[token.id]?.allowlist).toEqual(['get_vault_file']);
    await revokeToken(settings, token.id);
    expect(settings.current.tokens).toEqual([]);
    expect(settings.current.toolPolicy.tokens[token.id]).toBeUndefined();
  });

  test('a token and its policy are written together: no settings hold one without the other', async () => {
    const seen: [boolean, boolean][] = [];
    settings.onChange((current) => {
      const ids = current.tokens.map((token) => token.id);
      seen.push([ids.length > 0, ids.every((id) => current.toolPolicy.tokens[id] !== undefined)]);
    });
    const token = await addToken(settings, 'Reader', { readOnly: true });
    expect(seen).toEqual([[true, true]]);
    await revokeToken(settings, token.id);
    expect(seen).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(settings.current.toolPolicy.tokens[token.id]).toBeUndefined();
  });

  test('at most 10 tokens; bad labels and unknown ids are clear errors', async () => {
    for (let index = 0; index < MAX_TOKENS; index++) await addToken(settings, `client ${index}`);
    const errors: ToolError[] = [];
    for (const attempt of [
      () => addToken(settings, 'eleventh'),
      () => addToken(settings, ' '),
      () => regenerateToken(settings, 'nope'),
      () => revokeToken(settings, 'nope'),
    ]) {
      try {
        await attempt();
      } catch (error) {
        errors.push(error as ToolError);
      }
    }
    expect(errors.map((error) => error.code)).toEqual([
      'invalid_arguments',
      'invalid_arguments',
      'not_found',
      'not_found',
    ]);
    expect(settings.current.tokens.length).toBe(MAX_TOKENS);
  });

  test('secrets live in the device home; data.json holds their hashes only', async () => {
    const token = await addToken(settings, 'Cursor');
    const file = () => readFile(settings.path, 'utf8');
    expect(await file()).not.toContain(token.secret);
    expect(settings.secrets.get(token.id)).toBe(token.secret);
    const stored = settings.current.tokens.find((candidate) => candidate.id === token.id);
    expect(stored !== undefined && secretMatches(stored, token.secret)).toBe(true);
    const fresh = await regenerateToken(settings, token.id);
    expect(settings.secrets.get(token.id)).toBe(fresh.secret);
    expect(await file()).not.toContain(fresh.secret);
    await revokeToken(settings, token.id);
    expect(settings.secrets.get(token.id)).toBeNull();
  });

  test('a token made on another device: its hash verifies here, its secret is not here', async () => {
    const elsewhere = await SettingsStore.open(settings.path, {
      device: { ...settings.device, secrets: join(folder, 'other-device-secrets.json') },
    });
    const token = await addToken(elsewhere, 'Laptop');
    await settings.refresh();
    const here = settings.current.tokens.find((candidate) => candidate.id === token.id);
    expect(here !== undefined && secretMatches(here, token.secret)).toBe(true);
    expect(settings.secrets.get(token.id)).toBeNull();
    const regenerated = await regenerateToken(settings, token.id);
    expect(settings.secrets.get(token.id)).toBe(regenerated.secret);
    elsewhere.close();
  });

  test('findToken takes an id or a label (any case), and refuses a label two tokens share', async () => {
    const cursor = await addToken(settings, 'Cursor');
    const first = await addToken(settings, 'Twin');
    await addToken(settings, 'Twin');
    expect(findToken(settings.current, cursor.id)).toEqual(recordOf(cursor));
    expect(findToken(settings.current, 'cursor')).toEqual(recordOf(cursor));
    expect(findToken(settings.current, first.id)).toEqual(recordOf(first));
    const codes = ['Twin', 'Nobody'].map((name) => {
      try {
        findToken(settings.current, name);
        return 'found';
      } catch (error) {
        return (error as ToolError).code;
      }
    });
    expect(codes).toEqual(['invalid_arguments', 'not_found']);
  });
});
