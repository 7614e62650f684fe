import { afterEach, describe, expect, test } from 'bun:test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { overrideHost } from '../test-support/host-double.ts';
import { openTestHost, type TestHost } from '../test-support/test-host.ts';
import type { VaultEvent, VaultHost } from '../vault-host.ts';
import { NoteTextCache } from './note-text-cache.ts';

let vault: TestHost;
let cache: NoteTextCache | undefined;
afterEach(async () => {
  cache?.dispose();
  await vault.close();
});

const texts = async (from: NoteTextCache) =>
  Object.fromEntries((await from.notes()).map((note) => [note.path, note.text]));

describe('the note text cache', () => {
  test('holds every visible note, sorted by path, with its text', async () => {
    vault = await openTestHost({ 'b.md': 'B', 'A/a.md': 'Aa', 'x.txt': 'x', '.hidden/h.md': 'h' });
    cache = new NoteTextCache(vault.host);
    expect(await cache.notes()).toMatchObject([
      { path: 'A/a.md', text: 'Aa', size: 2 },
      { path: 'b.md', text: 'B', size: 1 },
    ]);
  });

  test('reads once: answers from memory until an event says a note changed', async () => {
    vault = await openTestHost({ 'n.md': 'first' });
    cache = new NoteTextCache(vault.host);
    await cache.notes();
    // Written behind the host's back (no watcher in unit tests): no event, so still cached.
    await writeFile(join(vault.root, 'n.md'), 'behind its back');
    expect(await texts(cache)).toEqual({ 'n.md': 'first' });
  });

  test('follows edits, creations, renames and deletions made through the host', async () => {
    vault = await openTestHost({ 'a.md': 'one', 'b.md': 'two', 'Folder/c.md': 'three' });
    cache = new NoteTextCache(vault.host);
    await cache.notes();
    await vault.host.process('a.md', () => 'one edited');
    await vault.host.create('new.md', 'new');
    await vault.host.renameFile('b.md', 'Moved/b2.md');
    await vault.host.trashFile('Folder');
    expect(await texts(cache)).toEqual({
      'Moved/b2.md': 'two',
      'a.md': 'one edited',
      'new.md': 'new',
    });
  });

  test('reconciles when a host reports only the folder of a rename or deletion', async () => {
    vault = await openTestHost({ 'Old/a.md': 'a', 'Gone/b.md': 'b', 'keep.md': 'k' });
    const host = onlyFolderEvents(vault.host);
    cache = new NoteTextCache(host);
    await cache.notes();
    await vault.host.rename('Old', 'New');
    await vault.host.trashFile('Gone');
    expect(await texts(cache)).toEqual({ 'New/a.md': 'a', 'keep.md': 'k' });
  });

  test('catches a change whose event was missed: the stat differs from the cached read', async () => {
    vault = await openTestHost({ 'n.md': 'short' });
    cache = new NoteTextCache(overrideHost(vault.host, { onEvent: () => () => undefined }));
    await cache.notes();
    await vault.host.process('n.md', () => 'much longer now');
    expect(await texts(cache)).toEqual({ 'n.md': 'much longer now' });
  });

  test('follows what the host shows: a folder hidden, then shown again, without any event', async () => {
    vault = await openTestHost({ 'Private/p.md': 'secret', 'open.md': 'open' });
    let hidePrivate = false;
    const visible = (path: string) => !(hidePrivate && path.startsWith('Private/'));
    const host = overrideHost(vault.host, {
      listFiles: () => vault.host.listFiles().filter((file) => visible(file.path)),
      getFile: (path: string) => (visible(path) ? vault.host.getFile(path) : null),
    });
    cache = new NoteTextCache(host);
    expect(Object.keys(await texts(cache))).toEqual(['Private/p.md', 'open.md']);
    hidePrivate = true;
    expect(Object.keys(await texts(cache))).toEqual(['open.md']);
    hidePrivate = false;
    expect(Object.keys(await texts(cache))).toEqual(['Private/p.md', 'open.md']);
  });

  test('a renamed note keeps its text without being read again', async () => {
    vault = await openTestHost({ 'a.md': 'text' });
    let reads = 0;
    const host = overrideHost(vault.host, {
      read: (path: string) => {
        reads++;
        return vault.host.read(path);
      },
    });
    cache = new NoteTextCache(host);
    await cache.notes();
    await vault.host.rename('a.md', 'Moved/b.md');
    expect(await texts(cache)).toEqual({ 'Moved/b.md': 'text' });
    expect(reads).toBe(1);
  });

  test('a read overtaken by an edit is read again before the answer', async () => {
    vault = await openTestHost({ 'n.md': 'old' });
    let editDuringRead = true;
    const host = overrideHost(vault.host, {
      read: async (path: string) => {
        const text = await vault.host.read(path);
        if (editDuringRead) {
          editDuringRead = false;
          await vault.host.process(path, () => 'new');
        }
        return text;
      },
    });
    cache = new NoteTextCache(host);
    expect(await texts(cache)).toEqual({ 'n.md': 'new' });
  });
});

/** The host as one that reports a folder's rename or deletion but not the notes inside it. */
function onlyFolderEvents(host: VaultHost): VaultHost {
  return overrideHost(host, {
    onEvent: (listener: (event: VaultEvent) => void) =>
      host.onEvent((event) => {
        const insideFolder =
          event.path.includes('/') || ('oldPath' in event && event.oldPath.includes('/'));
        if (event.kind !== 'create' && event.kind !== 'modify' && insideFolder) return;
        listener(event);
      }),
  });
}
