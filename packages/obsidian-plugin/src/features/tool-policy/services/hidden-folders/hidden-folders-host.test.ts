import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { ToolError } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registeredTool, runOk } from '../../../mcp-tools/test-support/run-tool.ts';
import type { VaultEvent, VaultHost } from '../../../../host/vault-host.ts';
import { HiddenFoldersHost } from './hidden-folders-host.ts';

const FILES = {
  'Private/Note.md': '# Secret\n#secret-tag [[Plans]]',
  'Private/Plans.md': 'plans',
  'Private/Deep/x.md': 'deep',
  'Public/Note.md': '# Public note',
  'Public/linker.md': 'See [[Note]] and [[Plans]] and [[Private/Note]].',
  'top.md': 'Links [[Note]].',
};
const WITHOUT_PRIVATE = Object.fromEntries(
  Object.entries(FILES).filter(([path]) => !path.startsWith('Private/')),
);

const opened: TestHost[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((vault) => vault.close()));
});

async function worlds(): Promise<{ hidden: VaultHost; deleted: VaultHost }> {
  const withPrivate = await openTestHost(FILES);
  const withoutPrivate = await openTestHost(WITHOUT_PRIVATE);
  opened.push(withPrivate, withoutPrivate);
  return {
    hidden: new HiddenFoldersHost(withPrivate.host, () => ['private']),
    deleted: withoutPrivate.host,
  };
}

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return { value: await run() };
  } catch (error) {
    if (error instanceof ToolError) return { error: error.toFailure() };
    throw error;
  }
}

describe('a hidden folder behaves exactly like a deleted one', () => {
  test('listing, finding and metadata', async () => {
    const { hidden, deleted } = await worlds();
    const paths = (host: VaultHost) =>
      host
        .listFiles()
        .map((file) => file.path)
        .sort();
    expect(paths(hidden)).toEqual(paths(deleted));
    expect(
      hidden
        .listFolders()
        .map((folder) => folder.path)
        .sort(),
    ).toEqual(
      deleted
        .listFolders()
        .map((folder) => folder.path)
        .sort(),
    );
    for (const path of ['Private', 'Private/Note.md', 'private/note.md', 'Private/Deep']) {
      expect(hidden.getFile(path)).toBe(deleted.getFile(path));
      expect(hidden.getFolder(path)).toBe(deleted.getFolder(path));
      expect(hidden.getFileCache(path)).toBe(deleted.getFileCache(path));
      expect(hidden.getAllTags(path)).toEqual(deleted.getAllTags(path));
    }
  });

  test('reads and edits fail with the same words', async () => {
    const { hidden, deleted } = await worlds();
    const path = 'Private/Note.md';
    for (const run of [
      (host: VaultHost) => host.read(path),
      (host: VaultHost) => host.readBinary(path),
      (host: VaultHost) => host.process(path, (text) => `${text}!`),
      (host: VaultHost) => host.trashFile('Private'),
      (host: VaultHost) => host.renameFile(path, 'Public/Moved.md'),
      (host: VaultHost) => host.rename('Private', 'Elsewhere'),
      (host: VaultHost) => host.processFrontMatter(path, (data) => (data.x = 1)),
      (host: VaultHost) => host.openFile(path, false),
    ]) {
      expect(await outcome(() => run(hidden))).toEqual(await outcome(() => run(deleted)));
    }
    expect(() => hidden.generateMarkdownLink(path, 'top.md')).toThrow('No file Private/Note.md.');
  });

  test('links resolve as if the hidden notes were gone', async () => {
    const { hidden, deleted } = await worlds();
    expect(hidden.getFirstLinkpathDest('Note', 'top.md')).toBe(
      deleted.getFirstLinkpathDest('Note', 'top.md'),
    );
    expect(hidden.getFirstLinkpathDest('Note', 'Private/Plans.md')).toBe('Public/Note.md');
    expect(hidden.resolvedLinks()).toEqual(deleted.resolvedLinks());
    expect(hidden.unresolvedLinks()).toEqual(deleted.unresolvedLinks());
  });

  test('events inside the hidden folder are never heard; moves across its edge look like create or delete', async () => {
    const { hidden } = await worlds();
    const events: VaultEvent[] = [];
    hidden.onEvent((event) => events.push(event));
    const inner = (hidden as unknown as { inner: VaultHost }).inner;
    await inner.process('Private/Plans.md', () => 'changed');
    await inner.rename('Private/Plans.md', 'Public/Plans.md');
    await inner.rename('Public/Plans.md', 'Private/Again.md');
    expect(events).toEqual([
      { kind: 'create', path: 'Public/Plans.md' },
      { kind: 'delete', path: 'Public/Plans.md' },
    ]);
  });

  test('close ends every subscription made through the guard, and later ones hear nothing', async () => {
    const { hidden } = await worlds();
    const heard: string[] = [];
    hidden.onEvent((event) => heard.push(`before close: ${event.path}`));
    (hidden as HiddenFoldersHost).close();
    hidden.onEvent((event) => heard.push(`after close: ${event.path}`));
    const inner = (hidden as unknown as { inner: VaultHost }).inner;
    await inner.process('top.md', () => 'changed');
    expect(heard).toEqual([]);
  });

  test('writing into a hidden folder is refused and writes nothing', async () => {
    const { hidden } = await worlds();
    for (const run of [
      () => hidden.create('Private/new.md', 'x'),
      () => hidden.createBinary('Private/new.bin', new Uint8Array([1])),
      () => hidden.createFolder('Private/Sub'),
      () => hidden.renameFile('top.md', 'Private/top.md'),
    ]) {
      expect(await outcome(run)).toMatchObject({ error: { code: 'invalid_path' } });
    }
    const inner = (hidden as unknown as { inner: VaultHost }).inner;
    expect(inner.listFiles().length).toBe(Object.keys(FILES).length);
  });

  test('rename_vault_file rewrites the visible links and never a hidden note, as if it were gone', async () => {
    const secret = '\uFEFFSecret: [[target]] and [[Notes/target]].\r\n';
    const visible = { 'Notes/target.md': '# Target\n', 'linker.md': 'Links to [[target]].\n' };
    const withSecret = await openTestHost({ ...visible, 'Private/secret.md': secret });
    const withoutSecret = await openTestHost(visible);
    opened.push(withSecret, withoutSecret);
    const hidden = new HiddenFoldersHost(withSecret.host, () => ['Private']);
    const rename = registeredTool('rename_vault_file');
    const args = { from: 'Notes/target.md', to: 'Goal.md' };
    expect(await runOk(rename, hidden, args)).toEqual(
      await runOk(rename, withoutSecret.host, args),
    );
    const onDisk = (vault: TestHost, path: string) => readFile(join(vault.root, path));
    expect(await onDisk(withSecret, 'Private/secret.md')).toEqual(Buffer.from(secret));
    expect(await onDisk(withSecret, 'linker.md')).toEqual(await onDisk(withoutSecret, 'linker.md'));
    expect(withSecret.host.unresolvedLinks()['Private/secret.md']).toEqual({
      target: 1,
      'Notes/target': 1,
    });
  });

  test('an empty list hides nothing and costs nothing', async () => {
    const vault = await openTestHost(FILES);
    opened.push(vault);
    const guard = new HiddenFoldersHost(vault.host, () => []);
    expect(guard.listFiles().length).toBe(6);
    expect(guard.resolvedLinks()).toBe(vault.host.resolvedLinks());
  });
});
