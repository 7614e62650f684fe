import { afterEach, describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { patchVaultFile } from './patch-vault-file.ts';

const NOTE = [
  '---',
  'status: open',
  'tags:',
  '  - a',
  '---',
  '# Title',
  '',
  '```',
  '# not a heading',
  '```',
  '',
  '## Tasks',
  '- [ ] one ^t1',
  '',
  '# Other',
  'end',
  '',
].join('\n');

let vault: TestHost;
afterEach(() => vault.close());

async function open(text = NOTE): Promise<void> {
  vault = await openTestHost({ 'n.md': text, 'data.json': '{}', 'Sub/x.md': '' });
}

const onDisk = (path = 'n.md') => readFile(join(vault.root, path), 'utf8');
const patch = (args: Record<string, unknown>) =>
  runOk(patchVaultFile, vault.host, { path: 'n.md', operation: 'append', ...args });
const fail = (args: Record<string, unknown>) =>
  runFail(patchVaultFile, vault.host, { path: 'n.md', operation: 'append', ...args });

describe('patch_vault_file on headings and blocks', () => {
  test('appends under a heading and returns the new revision', async () => {
    await open();
    const result = await patch({
      targetType: 'heading',
      target: 'Title::Tasks',
      content: '- [ ] two',
      expectedRevision: revisionOf(NOTE),
    });
    const expected = NOTE.replace('^t1\n', '^t1\n- [ ] two\n');
    expect(await onDisk()).toBe(expected);
    expect(result).toEqual({
      path: 'n.md',
      revision: revisionOf(expected),
      changed: true,
      created: false,
    });
  });

  test('replaces a block and keeps its id', async () => {
    await open();
    await patch({ targetType: 'block', target: '^t1', operation: 'replace', content: '- [x] one' });
    expect(await onDisk()).toBe(NOTE.replace('- [ ] one ^t1', '- [x] one ^t1'));
  });

  test('creates a missing heading at the end and says so', async () => {
    await open();
    const result = await patch({ targetType: 'heading', target: 'Log', content: 'started' });
    expect(await onDisk()).toBe(`${NOTE.slice(0, -1)}\n\n# Log\nstarted\n`);
    expect(result.created).toBe(true);
  });
});

describe('patch_vault_file on frontmatter', () => {
  test('replace sets a typed value from JSON content', async () => {
    await open();
    await patch({
      targetType: 'frontmatter',
      target: 'priority',
      operation: 'replace',
      content: '3',
    });
    await patch({
      targetType: 'frontmatter',
      target: 'done',
      operation: 'replace',
      content: 'true',
    });
    const cache = vault.host.getFileCache('n.md');
    expect(cache?.frontmatter).toEqual({ status: 'open', tags: ['a'], priority: 3, done: true });
    expect(await onDisk()).toEndWith(NOTE.slice(NOTE.indexOf('# Title')));
  });

  test('append adds to a list, and turns a scalar into one', async () => {
    await open();
    await patch({ targetType: 'frontmatter', target: 'tags', content: '["b","c"]' });
    await patch({ targetType: 'frontmatter', target: 'status', content: 'later' });
    expect(vault.host.getFileCache('n.md')?.frontmatter).toEqual({
      status: 'openlater',
      tags: ['a', 'b', 'c'],
    });
    await patch({ targetType: 'frontmatter', target: 'status', content: '1' });
    expect(vault.host.getFileCache('n.md')?.frontmatter?.status).toEqual(['openlater', 1]);
  });

  test('a note without frontmatter gains it; the body is kept byte for byte', async () => {
    await open('# Body\r\ntext\r\n');
    const result = await patch({ targetType: 'frontmatter', target: 'k', content: 'v' });
    const text = await onDisk();
    expect(text).toEndWith('# Body\r\ntext\r\n');
    expect(vault.host.getFileCache('n.md')?.frontmatter).toEqual({ k: 'v' });
    expect(result).toMatchObject({ revision: revisionOf(text), created: true, changed: true });
  });

  test('expectedContent compares the current value as text or JSON', async () => {
    await open();
    const args = { targetType: 'frontmatter', target: 'tags', operation: 'replace', content: '[]' };
    await patch({ ...args, expectedContent: '["a"]' });
    expect(vault.host.getFileCache('n.md')?.frontmatter?.tags).toEqual([]);
  });
});

describe('patch_vault_file failures leave the file byte for byte unchanged', () => {
  const invalidYaml = '---\na: [unclosed\n---\nbody\n';
  test.each([
    [
      'a stale expectedRevision',
      { targetType: 'heading', target: 'Other', content: 'x', expectedRevision: 'stale' },
      'precondition_failed',
    ],
    [
      'a stale expectedRevision on frontmatter',
      { targetType: 'frontmatter', target: 'k', content: 'x', expectedRevision: 'stale' },
      'precondition_failed',
    ],
    [
      'a stale expectedContent',
      {
        targetType: 'heading',
        target: 'Other',
        operation: 'replace',
        content: 'x',
        expectedContent: 'nope',
      },
      'precondition_failed',
    ],
    [
      'a stale expectedContent on frontmatter',
      {
        targetType: 'frontmatter',
        target: 'status',
        operation: 'replace',
        content: 'x',
        expectedContent: 'closed',
      },
      'precondition_failed',
    ],
    [
      'a stale expectedContent with append',
      { targetType: 'heading', target: 'Other', content: 'x', expectedContent: 'nope' },
      'precondition_failed',
    ],
    [
      'empty content to append',
      { targetType: 'heading', target: 'Other', content: ' \n' },
      'invalid_arguments',
    ],
    ['a missing block', { targetType: 'block', target: 'nope', content: 'x' }, 'block_not_found'],
    [
      'a leaf without its parent',
      { targetType: 'heading', target: 'Tasks', content: 'x' },
      'heading_not_found',
    ],
    [
      'a fenced "heading" with creation off',
      {
        targetType: 'heading',
        target: 'not a heading',
        content: 'x',
        createTargetIfMissing: false,
      },
      'heading_not_found',
    ],
    [
      'a missing key with creation off',
      { targetType: 'frontmatter', target: 'nope', content: 'x', createTargetIfMissing: false },
      'frontmatter_key_not_found',
    ],
    [
      'an unknown targetType',
      { targetType: 'line', target: '1', content: 'x' },
      'invalid_arguments',
    ],
    [
      'an unknown argument',
      { targetType: 'heading', target: 'Other', content: 'x', filename: 'n.md' },
      'invalid_arguments',
    ],
  ] as const)('%s', async (_name, args, code) => {
    await open();
    const before = await onDisk();
    expect((await fail(args)).code).toBe(code);
    expect(await onDisk()).toBe(before);
  });

  test('invalid YAML is invalid_frontmatter, unchanged', async () => {
    await open(invalidYaml);
    expect((await fail({ targetType: 'frontmatter', target: 'a', content: 'x' })).code).toBe(
      'invalid_frontmatter',
    );
    expect(await onDisk()).toBe(invalidYaml);
  });

  test('appending a non-object to a mapping is invalid_arguments, unchanged', async () => {
    const text = '---\nmeta:\n  a: 1\n---\n';
    await open(text);
    expect((await fail({ targetType: 'frontmatter', target: 'meta', content: 'x' })).code).toBe(
      'invalid_arguments',
    );
    expect(await onDisk()).toBe(text);
  });

  test.each([
    ['a missing file', 'nope.md', 'not_found'],
    ['a folder', 'Sub', 'not_a_file'],
    ['a file that is not a note', 'data.json', 'unsupported'],
    ['a traversal', '../n.md', 'invalid_path'],
  ] as const)('%s', async (_name, path, code) => {
    await open();
    const before = await snapshotVault(vault.root);
    const args = { path, targetType: 'heading', target: 'Other', content: 'x' };
    expect((await fail(args)).code).toBe(code);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});

describe('concurrent patches with one expectedRevision', () => {
  test('exactly one of 20 succeeds; the others are precondition_failed', async () => {
    await open();
    const expectedRevision = revisionOf(NOTE);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        runOk(patchVaultFile, vault.host, {
          path: 'n.md',
          operation: 'append',
          targetType: 'heading',
          target: 'Title::Tasks',
          content: `- [ ] writer ${index}`,
          expectedRevision,
        }).then(
          () => 'ok',
          (error: Error) => error.message,
        ),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    const failures = results.filter((result) => result !== 'ok');
    expect(failures).toHaveLength(19);
    for (const failure of failures) expect(failure).toContain('"code":"precondition_failed"');
    expect((await onDisk()).match(/writer \d+/g)).toHaveLength(1);
  });

  test('frontmatter patches too', async () => {
    await open();
    const expectedRevision = revisionOf(NOTE);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        runOk(patchVaultFile, vault.host, {
          path: 'n.md',
          operation: 'append',
          targetType: 'frontmatter',
          target: 'tags',
          content: `w${index}`,
          expectedRevision,
        }).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(vault.host.getFileCache('n.md')?.frontmatter?.tags).toHaveLength(2);
  });
});
