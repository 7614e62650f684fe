/**
 * Policy follows the operation (ADR-0041): an operation inside edit_vault_files, and each write
 * an undo or redo makes, passes the checks its own tool would (userDisabled, read-only, the
 * token's allowlist), decided by the token's one scope. An undo is judged by what it does: undoing
 * a creation deletes, so it needs delete_vault_file; undoing a deletion creates, so it needs
 * create_vault_file; and its redo deletes again.
 */
import { describe, expect, test } from 'bun:test';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { callFail, callOk } from '../../test-support/index.ts';
import { journalServerPerTest, newestChange, vaultState } from './test-support/journal-vault.ts';

const startServer = journalServerPerTest();
const BETA = 'Notes/Beta.md';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('policy follows the operation', () => {
  test('a token allowlisting edit_vault_files but not delete_vault_file cannot delete through a batch', async () => {
    const server = await startServer();
    const { secret } = await addToken(server.settings, 'batcher', {
      allowlist: ['edit_vault_files', 'append_to_vault_file'],
    });
    const batcher = await server.connect(secret);
    const before = await vaultState(server.root);
    const failure = await callFail(batcher, 'edit_vault_files', {
      operations: [
        { op: 'append', path: 'Notes/Gamma.md', content: 'more' },
        { op: 'delete', path: BETA },
      ],
    });
    expect(failure).toMatchObject({
      code: 'tool_not_allowed',
      details: { operation: 2, tool: 'delete_vault_file' },
    });
    expect(await vaultState(server.root)).toEqual(before);
    await callOk(batcher, 'edit_vault_files', {
      operations: [{ op: 'append', path: 'Notes/Gamma.md', content: 'more' }],
    });
  });

  test('a rename the user switched off is refused inside a batch', async () => {
    const server = await startServer();
    await server.settings.updateSlice('toolPolicy', (policy) => ({
      ...policy,
      userDisabled: ['rename_vault_file'],
    }));
    const failure = await callFail(server.client, 'edit_vault_files', {
      operations: [{ op: 'rename', path: BETA, to: 'Notes/Beta2.md' }],
    });
    expect(failure).toMatchObject({
      code: 'tool_not_allowed',
      details: { tool: 'rename_vault_file' },
    });
    expect(await exists(join(server.root, BETA))).toBe(true);
  });

  test('undo and redo need the tools of the writes they make', async () => {
    const server = await startServer();
    const { secret } = await addToken(server.settings, 'undoer', {
      allowlist: ['undo_change', 'redo_change', 'create_vault_file'],
    });
    const undoer = await server.connect(secret);
    // Someone else created a note: undoing that would delete it.
    await callOk(server.client, 'create_vault_file', { path: 'Notes/New.md', content: 'new' });
    const created = await newestChange(server.client, 'create_vault_file');
    expect(await callFail(undoer, 'undo_change', { id: created.id })).toMatchObject({
      code: 'tool_not_allowed',
      details: { tool: 'delete_vault_file' },
    });
    expect(await readFile(join(server.root, 'Notes/New.md'), 'utf8')).toBe('new');
    // Someone else deleted a note: undoing that creates it, which this token may do...
    await callOk(server.client, 'delete_vault_file', { path: BETA });
    const deleted = await newestChange(server.client, 'delete_vault_file');
    await callOk(undoer, 'undo_change', { id: deleted.id });
    expect(await exists(join(server.root, BETA))).toBe(true);
    // ...but redoing the deletion deletes, which it may not.
    expect(await callFail(undoer, 'redo_change', { id: deleted.id })).toMatchObject({
      code: 'tool_not_allowed',
      details: { tool: 'delete_vault_file' },
    });
    expect(await exists(join(server.root, BETA))).toBe(true);
  });

  test('a token that may not create cannot bring a deleted note back by undo', async () => {
    const server = await startServer();
    const { secret } = await addToken(server.settings, 'undo only', { allowlist: ['undo_change'] });
    const undoer = await server.connect(secret);
    await callOk(server.client, 'delete_vault_file', { path: BETA });
    const deleted = await newestChange(server.client, 'delete_vault_file');
    expect(await callFail(undoer, 'undo_change', { id: deleted.id })).toMatchObject({
      code: 'tool_not_allowed',
      details: { tool: 'create_vault_file' },
    });
    expect(await exists(join(server.root, BETA))).toBe(false);
  });
});
