/**
 * The vault listing (vault-scan.ts) while another program changes the folders: a subfolder
 * removed, or replaced by a file, between its parent's listing and its own is left out and the
 * listing goes on; a vault folder that is gone still fails the listing.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { listVault } from './vault-scan.ts';

let vault: TempVault | null = null;

afterEach(async () => {
  await vault?.remove();
  vault = null;
});

const FILES = { 'a.md': 'a\n', 'Notes/b.md': 'b\n', 'Later/c.md': 'c\n' };

/** Lists the vault, doing `change` to it just before the folder `at` is listed. */
async function listChangingAt(at: string, change: (root: string) => void) {
  vault = await buildVault(FILES);
  const root = vault.root;
  return listVault(root, (diskPath) => {
    if (diskPath === at) change(root);
  });
}

describe('listing a vault another program changes', () => {
  test('a folder removed before its turn is left out, and the rest listed', async () => {
    const listing = await listChangingAt('Notes', (root) =>
      rmSync(join(root, 'Notes'), { recursive: true }),
    );
    expect(listing.files.map((file) => file.path).sort()).toEqual(['Later/c.md', 'a.md']);
  });

  test('a folder replaced by a file before its turn is left out, and the rest listed', async () => {
    const listing = await listChangingAt('Notes', (root) => {
      rmSync(join(root, 'Notes'), { recursive: true });
      writeFileSync(join(root, 'Notes'), 'now a file');
    });
    expect(listing.files.map((file) => file.path).sort()).toEqual(['Later/c.md', 'a.md']);
  });

  test('a vault folder that is gone fails the listing', async () => {
    const listing = listChangingAt('', (root) => rmSync(root, { recursive: true }));
    const failure = await listing.then(
      () => null,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(failure).toBe('ENOENT');
  });
});
