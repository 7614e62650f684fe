import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getVaultFilePartial } from './get-vault-file-partial.ts';

const NOTE = [
  '---',
  'status: open',
  'tags: [a, b]',
  '---',
  '# Title',
  'intro ^intro',
  '',
  '```',
  '# not a heading',
  '```',
  '## Tasks',
  '- [ ] one ^t1',
  '  - sub',
  '',
  '# Other',
  'end',
].join('\n');

let vault: TestHost;
afterEach(() => vault.close());

async function read(args: Record<string, unknown>) {
  vault = await openTestHost({ 'n.md': NOTE });
  return runOk(getVaultFilePartial, vault.host, { filename: 'n.md', ...args });
}

describe('get_vault_file_partial', () => {
  test('a heading section, nested by path, with the lines it covers and the revision', async () => {
    expect(await read({ mode: 'heading', target: 'Title::Tasks' })).toEqual({
      path: 'n.md',
      revision: revisionOf(NOTE),
      heading: 'Title::Tasks',
      level: 2,
      startLine: 10,
      endLine: 13,
      content: '## Tasks\n- [ ] one ^t1\n  - sub\n\n',
      totalLines: 16,
    });
  });

  test('the last section runs to the end of the note', async () => {
    expect(await read({ mode: 'heading', target: 'Other' })).toMatchObject({
      startLine: 14,
      endLine: 15,
      content: '# Other\nend',
    });
  });

  test('a block, with or without the caret', async () => {
    const expected = { id: 't1', startLine: 11, endLine: 11, content: '- [ ] one ^t1\n' };
    expect(await read({ mode: 'block', target: '^t1' })).toMatchObject(expected);
    await vault.close();
    expect(await read({ mode: 'block', target: 't1' })).toMatchObject(expected);
  });

  test('the frontmatter, or one key of it', async () => {
    expect(await read({ mode: 'frontmatter' })).toMatchObject({
      frontmatter: { status: 'open', tags: ['a', 'b'] },
    });
    await vault.close();
    expect(await read({ mode: 'frontmatter', target: 'tags' })).toMatchObject({
      key: 'tags',
      value: ['a', 'b'],
    });
  });

  test('the document map', async () => {
    expect(await read({ mode: 'document-map' })).toEqual({
      path: 'n.md',
      revision: revisionOf(NOTE),
      headings: [
        { path: 'Title', level: 1, line: 4, lineCount: 10 },
        { path: 'Title::Tasks', level: 2, line: 10, lineCount: 4 },
        { path: 'Other', level: 1, line: 14, lineCount: 2 },
      ],
      blocks: [
        { id: 'intro', line: 5, endLine: 5 },
        { id: 't1', line: 11, endLine: 11 },
      ],
      totalLines: 16,
      frontmatterKeys: ['status', 'tags'],
    });
  });

  test('a line range, 0-based and inclusive', async () => {
    expect(await read({ mode: 'lines', startLine: 4, endLine: 5 })).toMatchObject({
      startLine: 4,
      endLine: 5,
      content: '# Title\nintro ^intro\n',
      totalLines: 16,
    });
  });

  test('a long range is capped and says where to read on', async () => {
    const text = `${'x'.repeat(99)}\n`.repeat(2000);
    vault = await openTestHost({ 'big.md': text });
    const lines = { filename: 'big.md', mode: 'lines' };
    const first = await runOk(getVaultFilePartial, vault.host, lines);
    expect(first).toMatchObject({ startLine: 0, endLine: 1023, text_truncated: true });
    expect(first.hint).toContain('startLine 1024');
    const rest = await runOk(getVaultFilePartial, vault.host, { ...lines, startLine: 1024 });
    expect(rest).toMatchObject({ startLine: 1024, endLine: 1999, totalLines: 2000 });
    expect(rest.text_truncated).toBeUndefined();
    expect((first.content as string) + (rest.content as string)).toBe(text);
  });

  test.each([
    ['a heading without target', { mode: 'heading' }, 'invalid_arguments'],
    ['a block without target', { mode: 'block' }, 'invalid_arguments'],
    ['lines with a target', { mode: 'lines', target: 'x' }, 'invalid_arguments'],
    [
      'startLine outside lines mode',
      { mode: 'heading', target: 'Title', startLine: 1 },
      'invalid_arguments',
    ],
    ['a range past the end', { mode: 'lines', startLine: 99 }, 'invalid_arguments'],
    ['a negative line', { mode: 'lines', startLine: -1 }, 'invalid_arguments'],
    ['an unknown mode', { mode: 'outline' }, 'invalid_arguments'],
    ['a fenced "heading"', { mode: 'heading', target: 'not a heading' }, 'heading_not_found'],
    ['a leaf without its parent', { mode: 'heading', target: 'Tasks' }, 'heading_not_found'],
    ['a missing block', { mode: 'block', target: 'zz' }, 'block_not_found'],
    ['a missing key', { mode: 'frontmatter', target: 'nope' }, 'frontmatter_key_not_found'],
    ['a missing file', { filename: 'nope.md', mode: 'lines' }, 'not_found'],
    ['a traversal', { filename: '../x.md', mode: 'lines' }, 'invalid_path'],
    ['a path argument', { path: 'n.md', mode: 'lines' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost({ 'n.md': NOTE });
    expect(
      (await runFail(getVaultFilePartial, vault.host, { filename: 'n.md', ...args })).code,
    ).toBe(code);
  });

  test('heading_not_found names the full path to use', async () => {
    vault = await openTestHost({ 'n.md': NOTE });
    const failure = await runFail(getVaultFilePartial, vault.host, {
      filename: 'n.md',
      mode: 'heading',
      target: 'tasks',
    });
    expect(failure.message).toContain('Did you mean "Title::Tasks"?');
  });
});
