import { afterEach, describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { patchActiveFile } from './patch-active-file.ts';
import { patchVaultFile } from './patch-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

const NOTE = '## Log\n- one\n';

describe('patch_active_file', () => {
  test('patches the active note exactly as patch_vault_file would', async () => {
    vault = await openTestHost({ 'Daily/today.md': NOTE });
    await vault.host.openFile('Daily/today.md', false);
    const args = { operation: 'append', targetType: 'heading', target: 'Log', content: '- two' };
    const result = await runOk(patchActiveFile, vault.host, args);
    const text = await readFile(join(vault.root, 'Daily/today.md'), 'utf8');
    expect(text).toBe('## Log\n- one\n- two\n');
    expect(result).toEqual({
      path: 'Daily/today.md',
      revision: revisionOf(text),
      changed: true,
      created: false,
    });
  });

  test('declares the same arguments as patch_vault_file, without path', () => {
    const own = patchActiveFile.inputJsonSchema;
    const { path: _path, ...shared } = patchVaultFile.inputJsonSchema
      .properties as object as Record<string, unknown>;
    expect(own.properties).toEqual(shared);
    expect(own.required).toEqual(['content', 'operation', 'target', 'targetType']);
  });

  test('without an active note it is no_active_file', async () => {
    vault = await openTestHost({ 'a.md': NOTE });
    const args = { operation: 'append', targetType: 'heading', target: 'Log', content: 'x' };
    expect((await runFail(patchActiveFile, vault.host, args)).code).toBe('no_active_file');
  });

  test('a path argument is refused by name', async () => {
    vault = await openTestHost({ 'a.md': NOTE });
    await vault.host.openFile('a.md', false);
    const args = {
      path: 'a.md',
      operation: 'append',
      targetType: 'heading',
      target: 'Log',
      content: 'x',
    };
    const failure = await runFail(patchActiveFile, vault.host, args);
    expect(failure.code).toBe('invalid_arguments');
    expect(failure.message).toContain('unknown argument "path"');
    expect(await readFile(join(vault.root, 'a.md'), 'utf8')).toBe(NOTE);
  });
});
