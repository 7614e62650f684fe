/**
 * The change journal's promises, end to end over HTTP on a vault on disk: an undo never
 * overwrites a later edit, a failing batch leaves the vault byte for byte as it was, a replayed
 * idempotency key applies once (eight at a time too, and after a restart), the journal survives
 * a restart, hidden folders hide history, and a read-only token can look but not undo.
 */
import { describe, expect, test } from 'bun:test';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { callFail, callOk } from '../../test-support/index.ts';
import {
  journalServerPerTest,
  journalVault,
  listChanges,
  newestChange,
  startJournalServer,
  vaultState,
} from './test-support/journal-vault.ts';
import { buildVault } from '../../test-support/index.ts';
import { JOURNAL_VAULT } from './test-support/journal-vault.ts';

const start = journalServerPerTest();

const text = (root: string, path: string) => readFile(join(root, path), 'utf8');

describe('undo', () => {
  test('an undo over a later edit refuses, names the file, and changes nothing', async () => {
    const { client, root } = await start();
    await callOk(client, 'append_to_vault_file', { path: 'Notes/Beta.md', content: 'agent line' });
    const change = await newestChange(client, 'append_to_vault_file');
    await callOk(client, 'set_note_property', { path: 'Notes/Beta.md', key: 'later', value: 1 });
    const before = await vaultState(root);
    const refused = await callFail(client, 'undo_change', { id: change.id });
    expect(refused.code).toBe('precondition_failed');
    expect(refused.message).toContain('Notes/Beta.md');
    const [moved, ...others] = refused.details?.files as {
      path: string;
      expected: string;
      current: string;
    }[];
    expect(others).toEqual([]);
    expect(moved?.path).toBe('Notes/Beta.md');
    expect(moved?.current).not.toBe(moved?.expected);
    expect(await vaultState(root)).toEqual(before);
    expect((await listChanges(client))[0]?.tool).toBe('set_note_property');
  });

  test('undoing twice refuses; redo of a change in effect refuses; an unknown id is not_found', async () => {
    const { client } = await start();
    await callOk(client, 'create_vault_file', { path: 'u.md', content: 'u' });
    const change = await newestChange(client, 'create_vault_file');
    expect((await callFail(client, 'redo_change', { id: change.id })).code).toBe(
      'precondition_failed',
    );
    await callOk(client, 'undo_change', { id: change.id });
    const twice = await callFail(client, 'undo_change', { id: change.id });
    expect(twice.message).toContain('redo_change');
    expect((await callFail(client, 'undo_change', { id: 'nope' })).code).toBe('not_found');
    const [undo, created] = await listChanges(client);
    expect(undo).toMatchObject({ tool: 'undo_change', undone: false });
    expect(created).toMatchObject({ id: change.id, undone: true });
  });

  test('another token may undo a change, and its undo is journaled under its own name', async () => {
    const { client, settings, connect, root } = await start();
    await callOk(client, 'create_vault_file', { path: 'Notes/Beta.md', content: 'overwritten' });
    const change = await newestChange(client, 'create_vault_file');
    const other = await connect((await addToken(settings, 'Second client', {})).secret);
    await callOk(other, 'undo_change', { id: change.id });
    expect(await text(root, 'Notes/Beta.md')).toBe(JOURNAL_VAULT['Notes/Beta.md'] as string);
    const [undo] = await listChanges(client);
    expect(undo).toMatchObject({ tool: 'undo_change', token: 'Second client' });
  });

  test('a read-only token lists changes and history, and cannot undo', async () => {
    const { client, settings, connect } = await start();
    await callOk(client, 'append_to_vault_file', { path: 'Notes/Beta.md', content: 'x' });
    const change = await newestChange(client, 'append_to_vault_file');
    const reader = await connect((await addToken(settings, 'Reader', { readOnly: true })).secret);
    expect((await listChanges(reader)).map((listed) => listed.id)).toEqual([change.id]);
    expect((await callOk(reader, 'get_note_history', { path: 'Notes/Beta.md' })).total).toBe(1);
    expect((await callFail(reader, 'undo_change', { id: change.id })).code).toBe(
      'tool_not_allowed',
    );
  });
});

describe('atomic batches', () => {
  test('a batch whose third operation fails leaves the vault byte for byte unchanged and journals nothing', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const failure = await callFail(client, 'edit_vault_files', {
      operations: [
        { op: 'create', path: 'Batch/new.md', content: '# New\n' },
        { op: 'rename', path: 'Notes/Gamma.md', to: 'Batch/Gamma.md' },
        {
          op: 'patch',
          path: 'Notes/Beta.md',
          operation: 'append',
          targetType: 'heading',
          target: 'Nowhere',
          createTargetIfMissing: false,
          content: 'x',
        },
        { op: 'delete', path: 'Notes/Alpha.md' },
      ],
    });
    expect(failure.code).toBe('heading_not_found');
    expect(failure.message).toContain('Operation 3 (patch Notes/Beta.md)');
    expect(failure.details).toMatchObject({ operation: 3, op: 'patch', path: 'Notes/Beta.md' });
    expect(await vaultState(root)).toEqual(before);
    expect(await listChanges(client)).toEqual([]);
  });

  test('everything is checked before anything runs: a stale revision in the last operation writes nothing', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const failure = await callFail(client, 'edit_vault_files', {
      operations: [
        { op: 'create', path: 'Batch/new.md', content: '# New\n' },
        { op: 'append', path: 'Notes/Beta.md', content: 'x', expectedRevision: 'stale' },
      ],
    });
    expect(failure).toMatchObject({ code: 'precondition_failed', details: { operation: 2 } });
    const unknown = await callFail(client, 'edit_vault_files', {
      operations: [{ op: 'create', path: 'a.md', content: 'x', idempotencyKey: 'k' }],
    });
    expect(unknown.code).toBe('invalid_arguments');
    expect(await vaultState(root)).toEqual(before);
  });

  test('a batch is one change, undone by one undo', async () => {
    const { client, root } = await start();
    const before = await vaultState(root);
    const result = await callOk(client, 'edit_vault_files', {
      operations: [
        { op: 'create', path: 'Batch/new.md', content: '# New\n' },
        { op: 'append', path: 'Batch/new.md', content: 'more' },
        { op: 'delete_property', path: 'Notes/Alpha.md', key: 'status' },
      ],
    });
    expect(result.applied).toBe(3);
    const [batch] = await listChanges(client);
    expect(batch?.files.map((file) => file.path)).toEqual([
      'Batch',
      'Batch/new.md',
      'Notes/Alpha.md',
    ]);
    await callOk(client, 'undo_change', { id: batch?.id });
    expect(await vaultState(root)).toEqual(before);
  });
});

describe('idempotency keys', () => {
  const call = { path: 'Notes/Beta.md', content: 'once only', idempotencyKey: 'retry-1' };

  test('eight concurrent replays apply once and all answer the first result', async () => {
    const { client, connect, token, root } = await start();
    const clients = [
      client,
      ...(await Promise.all(Array.from({ length: 7 }, () => connect(token)))),
    ];
    const results = await Promise.all(
      clients.map((each) => callOk(each, 'append_to_vault_file', call)),
    );
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect((await text(root, 'Notes/Beta.md')).split('once only').length - 1).toBe(1);
    expect(await listChanges(client)).toHaveLength(1);
  });

  test('the same key with other arguments is idempotency_conflict; another token has its own keys', async () => {
    const { client, settings, connect, root } = await start();
    await callOk(client, 'append_to_vault_file', call);
    const conflict = await callFail(client, 'append_to_vault_file', { ...call, content: 'else' });
    expect(conflict.code).toBe('idempotency_conflict');
    const other = await connect((await addToken(settings, 'Other', {})).secret);
    await callOk(other, 'append_to_vault_file', call);
    expect((await text(root, 'Notes/Beta.md')).split('once only').length - 1).toBe(2);
  });

  test('a failed call keeps no key: a corrected retry with the same key runs', async () => {
    const { client, root } = await start();
    const failing = {
      path: 'Notes/Beta.md',
      content: 'fixed',
      expectedRevision: 'stale',
      idempotencyKey: 'k',
    };
    expect((await callFail(client, 'append_to_vault_file', failing)).code).toBe(
      'precondition_failed',
    );
    const { expectedRevision: _stale, ...corrected } = failing;
    await callOk(client, 'append_to_vault_file', corrected);
    expect(await text(root, 'Notes/Beta.md')).toEndWith('fixed');
  });
});

describe('the journal on disk', () => {
  test('survives a restart: changes are listed and undoable, keys still answer', async () => {
    const vault = await journalVault();
    const first = await startJournalServer({ ...vault, remove: async () => undefined });
    await callOk(first.client, 'create_vault_file', {
      path: 'Notes/Beta.md',
      content: 'v2',
      idempotencyKey: 'k',
    });
    const change = await newestChange(first.client, 'create_vault_file');
    await first.stop();
    const { client, root } = await start(vault);
    expect((await listChanges(client)).map((listed) => listed.id)).toEqual([change.id]);
    await callOk(client, 'create_vault_file', {
      path: 'Notes/Beta.md',
      content: 'v2',
      idempotencyKey: 'k',
    });
    expect(await listChanges(client)).toHaveLength(1);
    await callOk(client, 'undo_change', { id: change.id });
    expect(await text(root, 'Notes/Beta.md')).toBe(JOURNAL_VAULT['Notes/Beta.md'] as string);
  });

  test('stays within maxSizeMb: the oldest changes and their images go, the newest stays', async () => {
    const { client, settings, root } = await start();
    await settings.updateSlice('changeJournal', (current) => ({ ...current, maxSizeMb: 1 }));
    const big = (seed: string) => `${seed}\n${'x'.repeat(300 * 1024)}\n`;
    for (let index = 0; index < 6; index++)
      await callOk(client, 'create_vault_file', {
        path: 'Notes/Big.md',
        content: big(String(index)),
      });
    const changes = await listChanges(client);
    expect(changes.length).toBeLessThan(6);
    expect(changes[0]?.tool).toBe('create_vault_file');
    await callOk(client, 'undo_change', { id: changes[0]?.id });
    expect(await text(root, 'Notes/Big.md')).toBe(big('4'));
    const folder = settings.device.changeJournal;
    const sizes = await Promise.all(
      (await readdir(join(folder, 'images'))).map(
        async (name) => (await stat(join(folder, 'images', name))).size,
      ),
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(1024 * 1024);
  });

  test('a binary before-image over maxBinaryMb is not kept, and says so', async () => {
    const vault = await buildVault({
      ...JOURNAL_VAULT,
      'Media/big.bin': new Uint8Array(64 * 1024),
    });
    const { client, settings, root } = await start(vault);
    await settings.updateSlice('changeJournal', (current) => ({ ...current, maxBinaryMb: 0.01 }));
    await callOk(client, 'delete_vault_file', { path: 'Media/big.bin' });
    const change = await newestChange(client, 'delete_vault_file');
    const before = await vaultState(root);
    const refused = await callFail(client, 'undo_change', { id: change.id });
    expect(refused.code).toBe('too_large');
    expect(refused.message).toContain('maxBinaryMb');
    expect(await vaultState(root)).toEqual(before);
    const history = await callOk(client, 'get_note_history', { path: 'Media/big.bin' });
    expect(history.versions).toMatchObject([
      { change: change.id, restorable: false, revisionAfter: null },
    ]);
  });
});

describe('history and hidden folders', () => {
  test('a deleted note has a history, and restore_note_version brings it back as a new change', async () => {
    const { client, root } = await start();
    await callOk(client, 'append_to_vault_file', { path: 'Notes/Beta.md', content: 'second' });
    await callOk(client, 'delete_vault_file', { path: 'Notes/Beta.md' });
    const history = await callOk(client, 'get_note_history', { path: 'Notes/Beta.md' });
    const versions = history.versions as {
      change: string;
      tool: string;
      revisionAfter: string | null;
    }[];
    expect(versions.map((version) => version.tool)).toEqual([
      'delete_vault_file',
      'append_to_vault_file',
    ]);
    expect(versions[0]?.revisionAfter).toBeNull();
    await callOk(client, 'restore_note_version', {
      path: 'Notes/Beta.md',
      change: versions[1]?.change,
    });
    expect(await text(root, 'Notes/Beta.md')).toBe(JOURNAL_VAULT['Notes/Beta.md'] as string);
    expect((await newestChange(client, 'restore_note_version')).files).toEqual([
      { path: 'Notes/Beta.md', action: 'created' },
    ]);
  });

  test('a hidden folder hides its history exactly like a note that never existed', async () => {
    const { client, settings } = await start();
    await callOk(client, 'append_to_vault_file', { path: 'Archive/Old.md', content: 'x' });
    const change = await newestChange(client, 'append_to_vault_file');
    await settings.updateSlice('hiddenFolders', () => ['Archive']);
    expect(await listChanges(client)).toEqual([]);
    const hidden = await callFail(client, 'get_note_history', { path: 'Archive/Old.md' });
    const never = await callFail(client, 'get_note_history', { path: 'Archive/Never.md' });
    expect(hidden.message.replace('Old', 'Never')).toBe(never.message);
    expect((await callFail(client, 'undo_change', { id: change.id })).message).toBe(
      (await callFail(client, 'undo_change', { id: 'never' })).message.replace('never', change.id),
    );
    expect(
      (
        await callFail(client, 'restore_note_version', {
          path: 'Archive/Old.md',
          change: change.id,
        })
      ).code,
    ).toBe('not_found');
    await settings.updateSlice('hiddenFolders', () => []);
    expect((await listChanges(client)).map((listed) => listed.id)).toEqual([change.id]);
  });

  test('list_changes filters by path, token, tool and time, newest first, with total', async () => {
    const { client } = await start();
    await callOk(client, 'append_to_vault_file', { path: 'Notes/Beta.md', content: 'x' });
    await callOk(client, 'set_note_property', { path: 'Notes/Alpha.md', key: 'k', value: 1 });
    await callOk(client, 'append_to_vault_file', { path: 'Archive/Old.md', content: 'y' });
    expect((await listChanges(client, { path: 'Notes' })).map((c) => c.tool)).toEqual([
      'set_note_property',
      'append_to_vault_file',
    ]);
    expect(await listChanges(client, { tool: 'set_note_property' })).toHaveLength(1);
    expect(await listChanges(client, { token: 'Default' })).toHaveLength(3);
    expect(await listChanges(client, { token: 'nobody' })).toEqual([]);
    expect(await listChanges(client, { since: '2100-01-01T00:00:00Z' })).toEqual([]);
    const page = await callOk(client, 'list_changes', { limit: 2 });
    expect(page).toMatchObject({ total: 3, truncated: true });
    expect((await callFail(client, 'list_changes', { since: 'yesterday' })).code).toBe(
      'invalid_arguments',
    );
  });
});
