import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runOk, runFail, runTool } from '../../test-support/run-tool.ts';
import { revisionOf } from '../../services/revision.ts';
import { getVaultFile } from './get-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

describe('get_vault_file', () => {
  test('returns the text and its revision', async () => {
    vault = await openTestHost({ 'a.md': '# A\n' });
    expect(await runOk(getVaultFile, vault.host, { path: 'a.md' })).toEqual({
      path: 'a.md',
      content: '# A\n',
      revision: revisionOf('# A\n'),
    });
  });

  test('json adds frontmatter, tags without "#", and stat', async () => {
    vault = await openTestHost({ 'a.md': '---\ntags: [x]\n---\nbody #y\n' });
    const result = await runOk(getVaultFile, vault.host, { path: 'a.md', format: 'json' });
    expect(result).toMatchObject({
      frontmatter: { tags: ['x'] },
      tags: ['x', 'y'],
      stat: { size: 26 },
    });
  });

  test('caps long text at 100 KB on a line boundary and says where to continue', async () => {
    const line = `${'x'.repeat(99)}\n`;
    vault = await openTestHost({ 'big.md': line.repeat(2000) });
    const result = await runOk(getVaultFile, vault.host, { path: 'big.md' });
    expect(result.text_truncated).toBe(true);
    expect((result.content as string).length).toBe(1024 * 100 - ((1024 * 100) % 100));
    expect(result.hint).toContain('get_vault_file_partial');
    expect(result.revision).toBe(revisionOf(line.repeat(2000)));
  });

  test('an image comes back as native image content', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    vault = await openTestHost({ 'pic.png': png });
    const result = await runTool(getVaultFile, vault.host, { path: 'pic.png' });
    expect(result.content[1]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: Buffer.from(png).toString('base64'),
    });
    expect(result.structuredContent).toMatchObject({
      path: 'pic.png',
      mimeType: 'image/png',
      size: 7,
    });
  });

  test.each([
    ['a missing file', { path: 'nope.md' }, 'not_found'],
    ['a folder', { path: 'Sub' }, 'not_a_file'],
    ['a binary file', { path: 'data.bin' }, 'unsupported'],
    ['a traversal', { path: '../etc/passwd' }, 'invalid_path'],
    ['the config folder', { path: '.obsidian/app.json' }, 'invalid_path'],
    ['a wrong format', { path: 'a.md', format: 'xml' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost({
      'a.md': 'x',
      'Sub/b.md': 'y',
      'data.bin': new Uint8Array([0, 1]),
      '.obsidian/app.json': '{}',
    });
    expect((await runFail(getVaultFile, vault.host, { ...args })).code).toBe(code);
  });
});
