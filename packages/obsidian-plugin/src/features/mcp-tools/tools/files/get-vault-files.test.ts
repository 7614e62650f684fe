import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getVaultFiles } from './get-vault-files.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('reads several files, reporting each failure in place', async () => {
  vault = await openTestHost({
    'a.md': 'A',
    'b.md': '---\nx: 1\n---\nB',
    'pic.png': new Uint8Array([1]),
  });
  const { files } = await runOk(getVaultFiles, vault.host, {
    paths: ['a.md', 'missing.md', 'b.md', '../x', 'pic.png'],
    format: 'json',
  });
  const entries = files as Record<string, unknown>[];
  expect(entries.map((entry) => entry.path)).toEqual([
    'a.md',
    'missing.md',
    'b.md',
    '../x',
    'pic.png',
  ]);
  expect(entries[0]).toMatchObject({ content: 'A', frontmatter: {} });
  expect(entries[1]).toMatchObject({ error: { code: 'not_found' } });
  expect(entries[2]).toMatchObject({ frontmatter: { x: 1 } });
  expect(entries[3]).toMatchObject({ error: { code: 'invalid_path' } });
  expect(entries[4]).toMatchObject({
    mimeType: 'image/png',
    hint: 'Media: read it alone with get_vault_file.',
  });
});

test('refuses more than 20 paths', async () => {
  vault = await openTestHost({ 'a.md': 'A' });
  const failure = await runFail(getVaultFiles, vault.host, {
    paths: Array.from({ length: 21 }, () => 'a.md'),
  });
  expect(failure.code).toBe('invalid_arguments');
});
