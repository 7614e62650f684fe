/**
 * ObsidianHost held to the VaultHost contract over the simulated Obsidian (packages/obsidian-sim),
 * the same suite NodeHost passes in packages/headless.
 */
import { afterEach, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runVaultHostContract } from '../test-support/vault-host-contract.ts';
import { openTestHost, type TestHost } from '../test-support/test-host.ts';

runVaultHostContract('ObsidianHost over the simulated Obsidian', async (files) => {
  const opened = await openTestHost(files);
  return { host: opened.host, cleanup: opened.close };
});

let opened: TestHost | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

test('"delete permanently" goes to the vault\'s .trash, never deleted', async () => {
  opened = await openTestHost({ 'a.md': 'one', '.obsidian/app.json': '{"trashOption":"none"}' });
  await opened.host.trashFile('a.md');
  expect(await readFile(join(opened.root, '.trash', 'a.md'), 'utf8')).toBe('one');
});
