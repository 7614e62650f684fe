import { afterEach, describe, expect, test } from 'bun:test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getNoteProperty } from './get-note-property.ts';

/** Every property type Obsidian offers, as Obsidian writes them (from the tasks-demo vault). */
const POPULATED = `---
sample_checkbox_property: true
sample_date_property: 2024-07-21
sample_date_and_time_property: 2024-07-21T12:37:00
sample_list_property:
  - Sample
  - List
sample_number_property: 246
sample_text_property: Sample Text Value
sample_link_property: "[[Other]]"
tags: [a, b]
empty_property:
creation date: 2024-05-25T15:17:00
---
# Body
`;

let vault: TestHost;
afterEach(() => vault.close());

const get = (key: string, path = 'n.md') => runOk(getNoteProperty, vault.host, { path, key });

describe('get_note_property', () => {
  test.each([
    ['sample_checkbox_property', true],
    ['sample_date_property', '2024-07-21'],
    ['sample_date_and_time_property', '2024-07-21T12:37:00'],
    ['sample_list_property', ['Sample', 'List']],
    ['sample_number_property', 246],
    ['sample_text_property', 'Sample Text Value'],
    ['sample_link_property', '[[Other]]'],
    ['tags', ['a', 'b']],
    ['creation date', '2024-05-25T15:17:00'],
  ])('reads %s as parsed (dates stay strings)', async (key, value) => {
    vault = await openTestHost({ 'n.md': POPULATED });
    expect(await get(key)).toEqual({
      path: 'n.md',
      key,
      exists: true,
      value,
      revision: revisionOf(POPULATED),
    });
  });

  test('an empty property exists with value null; a missing one does not exist', async () => {
    vault = await openTestHost({ 'n.md': POPULATED });
    expect(await get('empty_property')).toMatchObject({ exists: true, value: null });
    expect(await get('missing')).toMatchObject({ exists: false, value: null });
  });

  test('keys are matched exactly', async () => {
    vault = await openTestHost({ 'n.md': POPULATED });
    expect(await get('Tags')).toMatchObject({ exists: false });
  });

  test.each([
    ['no frontmatter', '# Just a body\n'],
    ['an empty block', '---\n---\nBody'],
    ['a block of comments only', '---\n# nothing here\n\n---\nBody'],
    ['an unclosed block (a body, as Obsidian reads it)', '---\nstatus: x\nBody'],
  ])('a note with %s has no properties', async (_name, text) => {
    vault = await openTestHost({ 'n.md': text });
    expect(await get('status')).toEqual({
      path: 'n.md',
      key: 'status',
      exists: false,
      value: null,
      revision: revisionOf(text),
    });
  });

  test('value and revision come from the same text, even before the metadata cache catches up', async () => {
    vault = await openTestHost({ 'n.md': '---\nstatus: old\n---\n' });
    const edited = '---\nstatus: new\n---\n';
    await writeFile(join(vault.root, 'n.md'), edited); // the host does not watch: its cache is stale
    expect(vault.host.getFileCache('n.md')?.frontmatter).toEqual({ status: 'old' });
    expect(await get('status')).toMatchObject({ value: 'new', revision: revisionOf(edited) });
  });

  test.each([
    ['invalid YAML', '---\na: [1\n---\nBody'],
    ['a list instead of a mapping', '---\n- a\n---\nBody'],
    ['a bare scalar', '---\njust text\n---\nBody'],
  ])('%s is invalid_frontmatter, naming get_vault_file', async (_name, text) => {
    vault = await openTestHost({ 'n.md': text });
    const failure = await runFail(getNoteProperty, vault.host, { path: 'n.md', key: 'a' });
    expect(failure.code).toBe('invalid_frontmatter');
    expect(failure.message).toContain('get_vault_file');
  });

  test.each([
    ['a missing note', { path: 'nope.md', key: 'a' }, 'not_found'],
    ['a folder', { path: 'Sub', key: 'a' }, 'not_a_file'],
    ['a file that is not a note', { path: 'data.json', key: 'a' }, 'unsupported'],
    ['a traversal', { path: '../../etc/passwd', key: 'a' }, 'invalid_path'],
    ['an empty key', { path: 'n.md', key: '' }, 'invalid_arguments'],
    ['a key with a line break', { path: 'n.md', key: 'a\r\nb' }, 'invalid_arguments'],
    ['a missing key argument', { path: 'n.md' }, 'invalid_arguments'],
    ['an unknown argument', { path: 'n.md', key: 'a', value: 1 }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost({ 'n.md': POPULATED, 'Sub/x.md': '', 'data.json': '{}' });
    expect((await runFail(getNoteProperty, vault.host, { ...args })).code).toBe(code);
  });
});
