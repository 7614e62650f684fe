/**
 * Hidden folders hold under moves and deletes: a folder that holds a hidden folder is never
 * moved, renamed or trashed (the hidden subtree never changes place or name), a non-recursive
 * folder delete counts hidden content as content, a rename never rewrites a link inside a hidden
 * note and says nothing about it, and every spelling of a hidden folder (trailing or leading
 * slash, `./`, Finder's NFD) hides the same folder.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import {
  buildVault,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';

const FILES = {
  'Projects/plan.md': 'The plan. See [[target]].\n',
  'Projects/Private/secret.md': 'Secret: [[target]] and [[plan]].\n',
  'Projects/Private/Deeper/more.md': 'more\n',
  'Shell/Private/only.md': 'only hidden content here\n',
  'Other/Private/x.md': 'x\n',
  'target.md': '# Target\n',
  'linker.md': 'Links to [[target]].\n',
  'Privé/note.md': 'accented\n',
};

let t: McpTestServer | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

async function serve(hidden: string[]): Promise<{ client: Client; server: McpTestServer }> {
  const server = await startTestServer(await buildVault(FILES));
  await server.settings.updateSlice('hiddenFolders', () => hidden);
  t = server;
  return { client: await server.connect('legacy'), server };
}

describe('a folder holding a hidden folder stays where it is', () => {
  test.each([
    ['rename_vault_file', { from: 'Projects', to: 'Renamed' }],
    ['rename_vault_file', { from: 'Projects', to: 'Archive/Projects' }],
    ['delete_vault_directory', { path: 'Projects', recursive: true }],
    ['delete_vault_directory', { path: 'Shell' }],
    ['delete_vault_directory', { path: 'Shell', recursive: true }],
  ])('%s %j is refused and changes nothing', async (tool, args) => {
    const { client, server } = await serve(['Projects/Private', 'shell/private']);
    const before = await snapshotVault(server.vault.root);
    const failure = await callFail(client, tool, args);
    expect(['invalid_path', 'not_empty']).toContain(failure.code);
    expect(failure.message).not.toContain('Private');
    expect(await snapshotVault(server.vault.root)).toEqual(before);
  });

  test('moving a folder so that part of it lands in a hidden folder is refused', async () => {
    const { client, server } = await serve(['Dest/Private']);
    const before = await snapshotVault(server.vault.root);
    const failure = await callFail(client, 'rename_vault_file', { from: 'Other', to: 'Dest' });
    expect(failure.code).toBe('invalid_path');
    expect(await snapshotVault(server.vault.root)).toEqual(before);
  });

  test('a non-recursive delete of a folder whose only content is hidden says not_empty', async () => {
    const { client } = await serve(['Shell/Private']);
    const failure = await callFail(client, 'delete_vault_directory', { path: 'Shell' });
    expect(failure.code).toBe('not_empty');
  });

  test('other folders still move and delete', async () => {
    const { client, server } = await serve(['Projects/Private']);
    await callOk(client, 'rename_vault_file', { from: 'Other', to: 'Elsewhere' });
    await callOk(client, 'delete_vault_directory', { path: 'Elsewhere', recursive: true });
    expect(await server.readText('Projects/Private/secret.md')).toBe(
      FILES['Projects/Private/secret.md'],
    );
  });
});

describe('renames never touch a hidden note', () => {
  test('links inside hidden notes stay as written, visible ones are updated, the result is the same as without the hidden note', async () => {
    const { client, server } = await serve(['Projects/Private']);
    const result = await callOk(client, 'rename_vault_file', { from: 'target.md', to: 'Goal.md' });
    expect(result).toEqual({ from: 'target.md', to: 'Goal.md', referencingNotes: 2 });
    expect(await server.readText('Projects/Private/secret.md')).toBe(
      FILES['Projects/Private/secret.md'],
    );
    expect(await server.readText('linker.md')).toBe('Links to [[Goal]].\n');
    expect(await server.readText('Projects/plan.md')).toBe('The plan. See [[Goal]].\n');
  });
});

describe('every spelling of a hidden folder hides it', () => {
  test.each([
    ['Projects/Private/'],
    ['/Projects/Private'],
    ['./Projects/./Private'],
    ['projects/private'],
  ])('%s hides Projects/Private', async (spelling) => {
    const { client } = await serve([spelling]);
    const failure = await callFail(client, 'get_vault_file', {
      path: 'Projects/Private/secret.md',
    });
    expect(failure.code).toBe('not_found');
    const listed = await callOk(client, 'list_vault_files', { directory: 'Projects' });
    expect(JSON.stringify(listed)).not.toContain('Private');
  });

  test('the NFD spelling macOS Finder writes hides the NFC folder', async () => {
    const { client, server } = await serve(['Prive\u0301']);
    expect((await callFail(client, 'get_vault_file', { path: 'Privé/note.md' })).code).toBe(
      'not_found',
    );
    expect(server.settings.current.hiddenFolders).toEqual(['Privé']);
  });
});
