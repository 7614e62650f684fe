/**
 * Containment: a symbolic link inside the vault is invisible (docs/architecture/ADR-0007), and no
 * tool path reaches through one: not to files outside the vault, not to the config folder, not
 * even to another folder of the vault. Every case uses real links in a temp vault.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { waitFor } from '@mcp-connector/shared/test-support';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault;
let outside: string;
let host: NodeHost | null = null;

async function setUp(watch: boolean): Promise<NodeHost> {
  vault = await buildVault({
    'a.md': '# A\n',
    'Notes/n.md': 'note\n',
    '.obsidian/plugins/local-mcp-server/data.json': '{"secret": "s3cret"}',
    '.obsidian/app.json': '{"trashOption": "local"}',
  });
  outside = await mkdtemp(join(tmpdir(), 'mcp-outside-'));
  await writeFile(join(outside, 'secret.md'), 'outside secret\n');
  await symlink(outside, join(vault.root, 'out'), 'dir');
  await symlink(join(outside, 'secret.md'), join(vault.root, 'linked.md'), 'file');
  await symlink(join(vault.root, '.obsidian'), join(vault.root, 'cfg'), 'dir');
  await symlink(join(vault.root, 'Notes'), join(vault.root, 'alias'), 'dir');
  host = await NodeHost.open(vault.root, { watch });
  return host;
}

afterEach(async () => {
  await host?.close();
  host = null;
  await vault.remove();
  await rm(outside, { recursive: true, force: true });
});

async function failure(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ToolError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('symbolic links inside the vault are invisible', () => {
  test('links to folders, files, the config folder and the vault itself are never listed or found', async () => {
    const vaultHost = await setUp(false);
    const paths = vaultHost.listFiles().map((file) => file.path);
    expect(paths.sort()).toEqual(['Notes/n.md', 'a.md']);
    expect(vaultHost.listFolders().map((folder) => folder.path)).toEqual(['Notes']);
    for (const path of [
      'out/secret.md',
      'linked.md',
      'cfg/plugins/local-mcp-server/data.json',
      'alias/n.md',
    ]) {
      expect(vaultHost.getFile(path)).toBeNull();
      expect((await failure(() => vaultHost.read(path))).code).toBe('not_found');
    }
    expect(vaultHost.getFolder('out')).toBeNull();
  });

  test('nothing is created, moved or trashed through a link, and nothing outside changes', async () => {
    const vaultHost = await setUp(false);
    const attempts: [string, () => Promise<unknown>][] = [
      ['create in a linked folder', () => vaultHost.create('out/new.md', 'x')],
      ['create deep in a linked folder', () => vaultHost.create('out/deep/new.md', 'x')],
      ['binary in a linked folder', () => vaultHost.createBinary('out/x.bin', new Uint8Array([1]))],
      ['create over a file link', () => vaultHost.create('linked.md', 'overwritten')],
      ['folder in a linked folder', () => vaultHost.createFolder('out/sub')],
      ['config through a link', () => vaultHost.create('cfg/plugins/evil.md', 'x')],
      ['rename into a linked folder', () => vaultHost.rename('a.md', 'out/a.md')],
      ['rename with links into a link', () => vaultHost.renameFile('a.md', 'alias/a.md')],
      ['rename onto a file link', () => vaultHost.rename('a.md', 'linked.md')],
    ];
    for (const [name, attempt] of attempts) {
      const refused = await failure(attempt);
      expect([name, refused.code]).toEqual([name, 'invalid_path']);
      expect(refused.message).not.toContain(vault.root);
      expect(refused.message).not.toContain(outside);
    }
    expect((await failure(() => vaultHost.trashFile('out'))).code).toBe('not_found');
    expect((await failure(() => vaultHost.rename('out', 'moved'))).code).toBe('not_found');
    expect((await readdir(outside)).sort()).toEqual(['secret.md']);
    expect(await readFile(join(outside, 'secret.md'), 'utf8')).toBe('outside secret\n');
    expect(await readFile(join(vault.root, 'a.md'), 'utf8')).toBe('# A\n');
    expect((await readdir(join(vault.root, '.obsidian', 'plugins'))).sort()).toEqual([
      'local-mcp-server',
    ]);
  });

  test('a folder swapped for a link after the scan is refused at the next write', async () => {
    const vaultHost = await setUp(false);
    await rm(join(vault.root, 'Notes'), { recursive: true });
    await symlink(outside, join(vault.root, 'Notes'), 'dir');
    expect((await failure(() => vaultHost.create('Notes/x.md', 'x'))).code).toBe('invalid_path');
    expect((await failure(() => vaultHost.read('Notes/n.md'))).code).toBe('invalid_path');
    expect((await failure(() => vaultHost.process('Notes/n.md', (t) => `${t}!`))).code).toBe(
      'invalid_path',
    );
    expect((await readdir(outside)).sort()).toEqual(['secret.md']);
  });

  test('a folder or file swapped for a link while serving is refused at the next read, inline or not', async () => {
    // Notes up to 256 KiB are read synchronously, bigger ones asynchronously: both must check.
    const vaultHost = await setUp(false);
    const big = `${'x'.repeat(300 * 1024)}\n`;
    await vaultHost.create('Big/big.md', big);
    await vaultHost.create('Big/small.md', 'small\n');
    expect(await vaultHost.read('Big/big.md')).toBe(big);
    await writeFile(join(outside, 'big.md'), big);
    await writeFile(join(outside, 'small.md'), 'outside small\n');
    await rm(join(vault.root, 'Big'), { recursive: true });
    await symlink(outside, join(vault.root, 'Big'), 'dir');
    await rm(join(vault.root, 'a.md'));
    await symlink(join(outside, 'secret.md'), join(vault.root, 'a.md'), 'file');
    for (const path of ['Big/big.md', 'Big/small.md', 'a.md']) {
      expect([path, (await failure(() => vaultHost.read(path))).code]).toEqual([
        path,
        'invalid_path',
      ]);
      expect([path, (await failure(() => vaultHost.readBinary(path))).code]).toEqual([
        path,
        'invalid_path',
      ]);
    }
  });

  test('a local trash folder that is a link is refused, and the note stays', async () => {
    const vaultHost = await setUp(false);
    await symlink(outside, join(vault.root, '.trash'), 'dir');
    expect((await failure(() => vaultHost.trashFile('a.md'))).code).toBe('invalid_path');
    expect(vaultHost.getFile('a.md')).not.toBeNull();
    expect((await readdir(outside)).sort()).toEqual(['secret.md']);
  });

  test('the watcher never follows a link made while serving, nor indexes what it points to', async () => {
    const vaultHost = await setUp(true);
    await mkdir(join(outside, 'more'));
    await writeFile(join(outside, 'more', 'late.md'), 'late secret\n');
    await symlink(outside, join(vault.root, 'late-link'), 'dir');
    await symlink(join(vault.root, '.obsidian'), join(vault.root, 'late-cfg'), 'dir');
    await symlink(join(outside, 'secret.md'), join(vault.root, 'late.md'), 'file');
    await writeFile(join(vault.root, 'sentinel.md'), 'after the links\n');
    await waitFor(
      () => vaultHost.getFile('sentinel.md') !== null,
      'the watcher to see sentinel.md',
    );
    // A change inside the linked folders after they were seen must not appear either.
    await writeFile(join(outside, 'fresh.md'), 'fresh\n');
    await writeFile(join(vault.root, 'sentinel2.md'), 'second\n');
    await waitFor(
      () => vaultHost.getFile('sentinel2.md') !== null,
      'the watcher to see sentinel2.md',
    );
    const paths = vaultHost.listFiles().map((file) => file.path);
    expect(paths.sort()).toEqual(['Notes/n.md', 'a.md', 'sentinel.md', 'sentinel2.md']);
    expect(vaultHost.listFolders().map((folder) => folder.path)).toEqual(['Notes']);
  });
});
