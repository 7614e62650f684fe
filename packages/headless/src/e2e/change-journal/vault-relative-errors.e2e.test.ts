/**
 * Errors of a batch and of the journal name vault paths, never the machine's: a file system error
 * met midway (another program made a folder a file) is answered with the code and message every
 * tool gives for it, with the vault-relative path of the operation.
 */
import { expect, test } from 'bun:test';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callFail, callOk } from '../../test-support/index.ts';
import { journalServerPerTest, newestChange } from './test-support/journal-vault.ts';

const startServer = journalServerPerTest();

test('a batch that meets a file system error names no absolute path', async () => {
  const server = await startServer();
  await rm(join(server.root, 'Notes'), { recursive: true, force: true });
  await writeFile(join(server.root, 'Notes'), 'a file where the folder was');
  const failure = await callFail(server.client, 'edit_vault_files', {
    operations: [{ op: 'create', path: 'Notes/New.md', content: 'x' }],
  });
  expect(failure.message).toContain('Operation 1 (create Notes/New.md) failed');
  expect(JSON.stringify(failure)).not.toContain(server.root);
});

test('an undo that meets a file system error names no absolute path', async () => {
  const server = await startServer();
  await callOk(server.client, 'create_vault_file', { path: 'Deep/Note.md', content: 'x' });
  const change = await newestChange(server.client, 'create_vault_file');
  await rm(join(server.root, 'Deep'), { recursive: true, force: true });
  await writeFile(join(server.root, 'Deep'), 'a file where the folder was');
  const failure = await callFail(server.client, 'undo_change', { id: change.id });
  expect(JSON.stringify(failure)).not.toContain(server.root);
});
