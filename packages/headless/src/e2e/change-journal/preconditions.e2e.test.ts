/**
 * Preconditions everywhere and keys on every write, end to end over HTTP: every write tool the
 * server lists takes `idempotencyKey`, and `expectedRevision` unless it never edits an existing
 * file; the four tools that lacked a revision check (rename, binary replace, search_and_replace
 * per file, execute_template onto a note) refuse a stale one and change nothing, and apply at the
 * current one; `expectedContent` guards append and prepend as it guards replace.
 */
import { describe, expect, test } from 'bun:test';
import { revisionOf } from '@mcp-connector/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allTools } from '../../../../obsidian-plugin/src/features/mcp-tools/index.ts';
import { callFail, callOk } from '../../test-support/index.ts';
import {
  JOURNAL_VAULT,
  PIXEL,
  journalServerPerTest,
  vaultState,
} from './test-support/journal-vault.ts';

const start = journalServerPerTest();

const STALE = '0000000000000000';
const revision = (path: string) => revisionOf(JOURNAL_VAULT[path] as string | Uint8Array);
const text = (root: string, path: string) => readFile(join(root, path), 'utf8');

/** Write tools that take no expectedRevision, each with why it needs none. */
const NO_REVISION: Record<string, string> = {
  create_vault_directory: 'a folder has no revision; it never edits a file',
  delete_vault_directory: 'a folder has no revision; what it trashes comes back by undo_change',
  edit_vault_files: 'each operation takes its own expectedRevision',
  get_or_create_daily_note: 'it creates a missing note and never edits an existing one',
  get_or_create_periodic_note: 'it creates a missing note and never edits an existing one',
  undo_change: "it checks every file against the change's after-revision itself",
  redo_change: "it checks every file against the undo's after-revision itself",
  execute_obsidian_command: 'Obsidian runs the command; its writes never pass the host',
  search_and_replace: 'expectedRevisions: one revision per file',
  save_note_version: 'it changes no file: it pins the text as it is',
  rename_tag:
    'vault-wide: each note is edited on its text under the write lock; the dry run lists revisions',
};

describe('preconditions everywhere', () => {
  test('every listed write tool takes idempotencyKey, and expectedRevision or says why not', async () => {
    const { client } = await start();
    const listed = (await client.listTools()).tools;
    const writes = allTools.filter((tool) => !tool.annotations.readOnlyHint).map((t) => t.name);
    expect(writes.length).toBeGreaterThan(20);
    for (const name of writes) {
      const properties = Object.keys(
        listed.find((tool) => tool.name === name)?.inputSchema.properties ?? {},
      );
      expect({ name, key: properties.includes('idempotencyKey') }).toEqual({ name, key: true });
      const guarded = properties.includes('expectedRevision');
      expect({ name, guarded }).toEqual({ name, guarded: NO_REVISION[name] === undefined });
    }
    const listedSearch = listed.find((tool) => tool.name === 'search_and_replace');
    expect(Object.keys(listedSearch?.inputSchema.properties ?? {})).toContain('expectedRevisions');
  });

  test('rename_vault_file refuses a stale revision, moving nothing, and moves at the current one', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const refused = await callFail(client, 'rename_vault_file', {
      from: 'Notes/Beta.md',
      to: 'Moved/Beta.md',
      expectedRevision: STALE,
    });
    expect(refused.code).toBe('precondition_failed');
    expect(await vaultState(root)).toEqual(before);
    await callOk(client, 'rename_vault_file', {
      from: 'Notes/Beta.md',
      to: 'Moved/Beta.md',
      expectedRevision: revision('Notes/Beta.md'),
    });
    expect(await text(root, 'Moved/Beta.md')).toBe(JOURNAL_VAULT['Notes/Beta.md'] as string);
  });

  test('create_vault_binary_file replaces a file only at its current revision', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const bytes = { path: 'Archive/pic.png', content: 'AAEC' };
    expect((await callFail(client, 'create_vault_binary_file', bytes)).code).toBe('already_exists');
    const stale = await callFail(client, 'create_vault_binary_file', {
      ...bytes,
      expectedRevision: STALE,
    });
    expect(stale.code).toBe('precondition_failed');
    expect(await vaultState(root)).toEqual(before);
    await callOk(client, 'create_vault_binary_file', {
      ...bytes,
      expectedRevision: revisionOf(PIXEL),
    });
    expect([...(await readFile(join(root, 'Archive/pic.png')))]).toEqual([0, 1, 2]);
  });

  test('search_and_replace with one stale revision writes no file; with the dry run’s it applies', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const replace = { pattern: 'draft', replacement: 'final', dry_run: false };
    const dry = await callOk(client, 'search_and_replace', { ...replace, dry_run: true });
    const files = dry.files as { path: string; revision: string }[];
    expect(files.length).toBeGreaterThan(1);
    const revisions = Object.fromEntries(files.map((file) => [file.path, file.revision]));
    const first = files[0]?.path ?? '';
    const refused = await callFail(client, 'search_and_replace', {
      ...replace,
      expectedRevisions: { ...revisions, [first]: STALE },
    });
    expect(refused.code).toBe('precondition_failed');
    expect(refused.message).toContain(first);
    expect(await vaultState(root)).toEqual(before);
    await callOk(client, 'search_and_replace', { ...replace, expectedRevisions: revisions });
    for (const { path } of files) expect(await text(root, path)).not.toContain('draft');
  });

  test('execute_template onto an existing note needs its current revision', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const render = {
      templatePath: 'Templates/Day.md',
      targetPath: 'Notes/Beta.md',
      createFile: true,
    };
    expect((await callFail(client, 'execute_template', render)).code).toBe('already_exists');
    const stale = await callFail(client, 'execute_template', {
      ...render,
      expectedRevision: STALE,
    });
    expect(stale.code).toBe('precondition_failed');
    expect(await vaultState(root)).toEqual(before);
    await callOk(client, 'execute_template', {
      ...render,
      expectedRevision: revision('Notes/Beta.md'),
    });
    expect(await text(root, 'Notes/Beta.md')).toContain('- [ ] plan');
  });

  for (const operation of ['append', 'prepend', 'replace'] as const) {
    test(`patch_vault_file ${operation}: a stale expectedContent refuses, the current one applies`, async () => {
      const { client, root } = await start();
      const patch = {
        path: 'Notes/Beta.md',
        operation,
        targetType: 'heading',
        target: 'Beta::Intro',
        content: 'Patched line.',
      };
      const before = await vaultState(root);
      const refused = await callFail(client, 'patch_vault_file', {
        ...patch,
        expectedContent: 'Some other text.',
      });
      expect(refused.code).toBe('precondition_failed');
      expect(refused.details?.currentContent).toBe('Beta text, a draft.');
      expect(await vaultState(root)).toEqual(before);
      // Whitespace does not count: re-wrapped or trimmed text still matches.
      await callOk(client, 'patch_vault_file', {
        ...patch,
        expectedContent: ' Beta text,\na draft. ',
      });
      expect(await text(root, 'Notes/Beta.md')).toContain('Patched line.');
    });
  }
});
