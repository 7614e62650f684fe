import { afterEach, describe, expect, test } from 'bun:test';
import type { VaultEvent } from '@mcp-connector/obsidian-plugin/host';
import { runVaultHostContract } from '@mcp-connector/obsidian-plugin/host/test-support';
import { waitFor } from '@mcp-connector/shared/test-support';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { NodeHost } from './node-host.ts';

runVaultHostContract('NodeHost', async (files) => {
  const vault = await buildVault(files);
  const host = await NodeHost.open(vault.root, { watch: false });
  return {
    host,
    cleanup: async () => {
      await host.close();
      await vault.remove();
    },
  };
});

describe('NodeHost on disk', () => {
  let vault: TempVault;
  let host: NodeHost | null = null;
  afterEach(async () => {
    await host?.close();
    host = null;
    await vault.remove();
  });

  test('re-indexes a note another program edits, adds and deletes', async () => {
    vault = await buildVault({ 'a.md': '# A\n', 'b.md': 'links to [[c]]\n' });
    host = await NodeHost.open(vault.root);
    const events: VaultEvent[] = [];
    host.onEvent((event) => events.push(event));
    await writeFile(join(vault.root, 'a.md'), '# A edited\n#fresh\n');
    await writeFile(join(vault.root, 'c.md'), 'new note\n');
    await waitFor(
      () => host?.getAllTags('a.md').includes('#fresh') === true && host.getFile('c.md') !== null,
      'the edit and the new note to be indexed',
    );
    expect(host.getFileCache('a.md')?.headings?.[0]?.heading).toBe('A edited');
    expect(host.resolvedLinks()['b.md']).toEqual({ 'c.md': 1 });
    await rm(join(vault.root, 'c.md'));
    await waitFor(() => host?.getFile('c.md') === null, 'the deletion to be indexed');
    expect(host.unresolvedLinks()['b.md']).toEqual({ c: 1 });
    expect(events).toContainEqual({ kind: 'modify', path: 'a.md' });
    expect(events).toContainEqual({ kind: 'create', path: 'c.md' });
    expect(events).toContainEqual({ kind: 'delete', path: 'c.md' });
  });

  test('a read returns what is on disk now, whatever size the file table last saw', async () => {
    // Small files are read inline and big ones asynchronously, chosen by the size last seen; an
    // outside rewrite the host has not seen (no watcher) must still be read whole and exactly.
    const big = `${'y'.repeat(300 * 1024)}\n`;
    vault = await buildVault({ 'grows.md': 'small\n', 'shrinks.md': big });
    host = await NodeHost.open(vault.root, { watch: false });
    await writeFile(join(vault.root, 'grows.md'), big);
    await writeFile(join(vault.root, 'shrinks.md'), '\uFEFFsmall now\n');
    expect(await host.read('grows.md')).toBe(big);
    expect(await host.read('shrinks.md')).toBe('small now\n');
    expect(Buffer.from(await host.readBinary('grows.md')).toString('utf8')).toBe(big);
  });

  test('its own writes are not reported twice by the watcher', async () => {
    vault = await buildVault({ 'a.md': 'x' });
    host = await NodeHost.open(vault.root);
    const events: VaultEvent[] = [];
    host.onEvent((event) => events.push(event));
    await host.process('a.md', () => 'y');
    // Another program then adds a note: once the host has it, the watcher has delivered what came
    // before it, the echo of our own write included.
    await writeFile(join(vault.root, 'b.md'), 'barrier');
    await waitFor(() => host?.getFile('b.md') !== null, 'the outside note to be indexed');
    expect(events.filter((event) => event.path === 'a.md')).toEqual([
      { kind: 'modify', path: 'a.md' },
    ]);
  });

  test('finds NFD names on disk by their NFC vault path, and writes leave no temp files', async () => {
    vault = await buildVault({ ['Cafe\u0301.md']: 'décomposé' });
    host = await NodeHost.open(vault.root, { watch: false });
    expect(host.getFile('Café.md')).not.toBeNull();
    await host.process('Café.md', (text) => `${text}!`);
    expect(await readdir(vault.root)).toEqual(['Cafe\u0301.md']);
    expect(await readFile(join(vault.root, 'Cafe\u0301.md'), 'utf8')).toBe('décomposé!');
  });

  test('local trash keeps deleted files recoverable, numbering duplicates', async () => {
    vault = await buildVault({
      'a.md': 'one',
      'Sub/a.md': 'two',
      '.obsidian/app.json': '{"trashOption":"local"}',
    });
    host = await NodeHost.open(vault.root, { watch: false });
    await host.trashFile('a.md');
    await host.trashFile('Sub/a.md');
    expect((await readdir(join(vault.root, '.trash'))).sort()).toEqual(['a 2.md', 'a.md']);
    expect(await readFile(join(vault.root, '.trash', 'a 2.md'), 'utf8')).toBe('two');
  });

  test('"delete permanently" is treated as the local trash', async () => {
    vault = await buildVault({ 'a.md': 'one', '.obsidian/app.json': '{"trashOption":"none"}' });
    host = await NodeHost.open(vault.root, { watch: false });
    await host.trashFile('a.md');
    expect(await readFile(join(vault.root, '.trash', 'a.md'), 'utf8')).toBe('one');
  });

  test('the system trash is used when app.json says so', async () => {
    // scripts/test-setup.ts points the desktop trash at a temp folder for the whole run.
    const trashInfo = join(process.env.XDG_DATA_HOME as string, 'Trash', 'info');
    vault = await buildVault({ 'system-trashed.md': 'one' });
    host = await NodeHost.open(vault.root, { watch: false });
    await host.trashFile('system-trashed.md');
    const infos = await Promise.all(
      (await readdir(trashInfo)).map((name) => readFile(join(trashInfo, name), 'utf8')),
    );
    expect(infos.some((text) => text.includes(`${vault.root}/system-trashed.md`))).toBe(true);
    expect(await readdir(vault.root)).toEqual([]);
  });
});
