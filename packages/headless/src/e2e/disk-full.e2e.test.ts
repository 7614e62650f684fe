/**
 * A full disk is never reported as success (issue 38, class 5; ADR-0042). The server runs as a
 * child process whose files may not grow past a limit (RLIMIT_FSIZE with SIGXFSZ ignored): the
 * kernel then makes a short write and fails the next with EFBIG, exactly as a nearly full disk
 * makes a short write and fails with ENOSPC. A write that does not fit answers the tool error
 * `disk_full`, leaves the note as it was and leaves no temp file; one the change journal cannot
 * record fails the same way, its note untouched; the server keeps serving.
 */
import { afterEach, expect, test } from 'bun:test';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import {
  buildVault,
  callFail,
  callOk,
  startChildServer,
  type ChildServer,
  type TempVault,
} from '../test-support/index.ts';

const STARTS = 30_000;
let vault: TempVault | null = null;
let server: ChildServer | null = null;

afterEach(async () => {
  await server?.stop();
  await vault?.remove();
  server = null;
  vault = null;
});

async function serveLimited(limitKiB: number): Promise<{ client: Client; root: string }> {
  vault = await buildVault({ 'note.md': 'hello\n', 'Notes/keep.md': 'kept\n' });
  server = await startChildServer(vault.root, [], { fileSizeLimitKiB: limitKiB });
  return { client: await server.connect(), root: vault.root };
}

async function tempFilesIn(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true });
  return names.filter((name) => /\.mcp-[0-9a-f]{12}\.tmp$/.test(name));
}

test(
  'a 300 KB append or rewrite on a full disk answers disk_full and the note stays as it was',
  async () => {
    const { client, root } = await serveLimited(256);
    const big = 'words on a full disk '.repeat(15_000);
    const appended = await callFail(client, 'append_to_vault_file', {
      path: 'note.md',
      content: big,
    });
    expect(appended.code).toBe('disk_full');
    expect(appended.message).toMatch(/free/i);
    expect(await readFile(join(root, 'note.md'), 'utf8')).toBe('hello\n');
    const replaced = await callFail(client, 'create_vault_file', { path: 'note.md', content: big });
    expect(replaced.code).toBe('disk_full');
    expect(await readFile(join(root, 'note.md'), 'utf8')).toBe('hello\n');
    expect(await tempFilesIn(root)).toEqual([]);
    const listed = await callOk(client, 'list_changes', {});
    expect(JSON.stringify(listed.changes)).not.toContain('note.md');
    await callOk(client, 'append_to_vault_file', { path: 'note.md', content: 'fits\n' });
    expect(await readFile(join(root, 'note.md'), 'utf8')).toBe('hello\nfits\n');
  },
  STARTS,
);

test('a write the full journal cannot record answers disk_full and its note is not written', async () => {
  const { client, root } = await serveLimited(24);
  const failures: { code: string; message: string }[] = [];
  let written = 0;
  for (; failures.length === 0 && written < 2_000; written++) {
    const path = `Made/n${written}.md`;
    const result = await client.callTool({
      name: 'create_vault_file',
      arguments: { path, content: `note ${written}\n` },
    });
    if (result.isError) failures.push(result.structuredContent as (typeof failures)[0]);
    const onDisk = await readFile(join(root, path), 'utf8').catch(() => null);
    expect(onDisk).toBe(result.isError ? null : `note ${written}\n`);
  }
  expect(failures.map((failure) => failure.code)).toEqual(['disk_full']);
  expect(written).toBeGreaterThan(1);
  expect(await readFile(join(root, 'Notes/keep.md'), 'utf8')).toBe('kept\n');
  const listed = (await callOk(client, 'list_changes', { limit: 1000 })).changes as unknown[];
  expect(listed.length).toBe(written - 1);
}, 60_000);
