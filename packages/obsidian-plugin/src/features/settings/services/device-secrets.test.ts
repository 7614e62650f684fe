import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceSecrets } from './device-secrets.ts';

let folder: string;
beforeEach(async () => (folder = await mkdtemp(join(tmpdir(), 'secrets-'))));
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('DeviceSecrets', () => {
  test('keeps secrets in a 0600 file in a 0700 folder, and mirrors every change', async () => {
    const mirrored: string[] = [];
    const secrets = new DeviceSecrets(join(folder, 'vault-home', 'secrets.json'), {
      set: (id, secret) => mirrored.push(`set ${id} ${secret}`),
      remove: (id) => mirrored.push(`remove ${id}`),
    });
    expect(secrets.get('a')).toBeNull();
    await secrets.set({ a: 'secret-a', b: 'secret-b' });
    await secrets.set({ a: 'secret-a' }); // unchanged: no write, nothing mirrored
    await secrets.keepOnly(['a']);
    expect(secrets.all()).toEqual({ a: 'secret-a' });
    expect((await stat(secrets.path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder, 'vault-home'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(secrets.path, 'utf8'))).toEqual({
      version: 1,
      tokens: { a: 'secret-a' },
    });
    expect(mirrored).toEqual(['set a secret-a', 'set b secret-b', 'remove b']);
  });

  test('an unreadable file reads as no secrets, and is replaced by the next change', async () => {
    const secrets = new DeviceSecrets(join(folder, 'secrets.json'));
    await writeFile(secrets.path, 'not json');
    expect(secrets.all()).toEqual({});
    await secrets.set({ a: 'x' });
    expect(secrets.get('a')).toBe('x');
  });
});
