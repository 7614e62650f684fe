/**
 * History honours today's hidden folders (ADR-0041): a note moved into a folder hidden since
 * has no history at its old path, so no version of it can be read, compared or restored from
 * there; its versions are as unknown as the note.
 */
import { describe, expect, test } from 'bun:test';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { callFail, callOk } from '../../test-support/index.ts';
import { journalServerPerTest, newestChange } from './test-support/journal-vault.ts';

const startServer = journalServerPerTest();
const BETA = 'Notes/Beta.md';

describe('history and hidden folders', () => {
  test('a note moved into a folder hidden since has no history at its old path', async () => {
    const server = await startServer();
    await callOk(server.client, 'append_to_vault_file', { path: BETA, content: 'private thought' });
    const edit = await newestChange(server.client, 'append_to_vault_file');
    await callOk(server.client, 'rename_vault_file', { from: BETA, to: 'Private/Beta.md' });
    await server.settings.updateSlice('hiddenFolders', () => ['Private']);

    expect(await callFail(server.client, 'get_note_history', { path: BETA })).toMatchObject({
      code: 'not_found',
    });
    const version = { path: BETA, change: edit.id };
    const asked = { path: BETA, changeId: edit.id };
    expect(await callFail(server.client, 'get_note_version', asked)).toMatchObject({
      code: 'not_found',
    });
    expect(await callFail(server.client, 'restore_note_version', version)).toMatchObject({
      code: 'not_found',
    });
    const gone = await stat(join(server.root, BETA)).then(
      () => false,
      () => true,
    );
    expect(gone).toBe(true);
  });

  test('a new note at the old path has only its own history', async () => {
    const server = await startServer();
    await callOk(server.client, 'append_to_vault_file', { path: BETA, content: 'old text' });
    await callOk(server.client, 'rename_vault_file', { from: BETA, to: 'Private/Beta.md' });
    await server.settings.updateSlice('hiddenFolders', () => ['Private']);
    await callOk(server.client, 'create_vault_file', { path: BETA, content: 'new note' });
    const created = await newestChange(server.client, 'create_vault_file');
    const history = (await callOk(server.client, 'get_note_history', { path: BETA })) as {
      versions: { change: string }[];
    };
    expect(history.versions.map((entry) => entry.change)).toEqual([created.id]);
  });
});
