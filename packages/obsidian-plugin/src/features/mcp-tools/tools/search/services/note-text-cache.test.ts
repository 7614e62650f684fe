import { afterEach, describe, expect, test } from 'bun:test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../../host/test-support/test-host.ts';
import type { IndexedVault, VaultEvent, VaultHost } from '../../../../../host/vault-host.ts';
import { overrideHost } from '../test-support/host-double.ts';
import { NoteTextCache, closeNoteTextCache, noteTextCache } from './note-text-cache.ts';

let vault: TestHost;
let cache: NoteTextCache | undefined;
afterEach(async () => {
  cache?.dispose();
  closeNoteTextCache(vault.host);
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

  test("a host with an index: lists the index's texts once read, again only after a change", async () => {
    vault = await openTestHost({ 'b.md': 'two', 'a.md': 'one' });
    const indexTexts = new Map([
      ['a.md', 'one'],
      ['b.md', 'two'],
    ]);
    let sorted = ['a.md', 'b.md'];
    let markRead = () => {};
    const textsRead = new Promise<void>((resolve) => (markRead = resolve));
    const indexed: Pick<IndexedVault, 'sortedNotes' | 'noteText' | 'textsRead'> = {
      sortedNotes: () => sorted,
      noteText: (path) => indexTexts.get(path) ?? null,
      textsRead: () => textsRead,
    };
    const host = overrideHost(vault.host, {
      indexed: () => indexed as IndexedVault,
      read: () => Promise.reject(new Error('an indexed host is not read')),
    });
    cache = new NoteTextCache(host);
    let answered = false;
    const listing = cache.notes().finally(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false); // the index is still reading its restored notes
    markRead();
    const first = await listing;
    expect(first).toEqual([
      { path: 'a.md', text: 'one' },
      { path: 'b.md', text: 'two' },
    ]);
    expect(await cache.notes()).toBe(first);
    indexTexts.set('a.md', 'one edited');
    await vault.host.process('a.md', () => 'one edited');
    expect(await texts(cache)).toEqual({ 'a.md': 'one edited', 'b.md': 'two' });
    indexTexts.set('c.md', 'three');
    sorted = ['a.md', 'b.md', 'c.md']; // a new array: a note was added
    expect(await texts(cache)).toEqual({ 'a.md': 'one edited', 'b.md': 'two', 'c.md': 'three' });
  });

  test('one cache per host until closed; closing unsubscribes it', async () => {
    vault = await openTestHost({ 'n.md': 'text' });
    const listeners: ((event: VaultEvent) => void)[] = [];
    const host = overrideHost(vault.host, {
      onEvent: (listener: (event: VaultEvent) => void) => {
        listeners.push(listener);
        const unsubscribe = vault.host.onEvent(listener);
        return () => {
          listeners.splice(listeners.indexOf(listener), 1);
          unsubscribe();
        };
      },
    });
    const first = noteTextCache(host);
    expect(noteTextCache(host)).toBe(first);
    expect(listeners.length).toBe(1);
    closeNoteTextCache(host);
    expect(listeners.length).toBe(0);
    expect(noteTextCache(host)).not.toBe(first);
    closeNoteTextCache(host);
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
