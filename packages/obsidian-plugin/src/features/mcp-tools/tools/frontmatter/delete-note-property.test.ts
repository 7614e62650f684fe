import { afterEach, describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk, runTool } from '../../test-support/run-tool.ts';
import { deleteNoteProperty } from './delete-note-property.ts';
import { getNoteProperty } from './get-note-property.ts';

const BODY = '\n# Heading\r\nline with trailing spaces   \n---\nkey: not frontmatter\n\tlast line';

let vault: TestHost;
afterEach(() => vault.close());

const rawText = () => readFile(join(vault.root, 'n.md'), 'utf8');
const remove = (key: string, extra: Record<string, unknown> = {}) =>
  runOk(deleteNoteProperty, vault.host, { path: 'n.md', key, ...extra });

describe('delete_note_property', () => {
  test('removes the key, keeps the others in order and the body byte for byte', async () => {
    vault = await openTestHost({ 'n.md': `---\na: 1\nstatus: done\nb:\n  - x\n---\n${BODY}` });
    const result = await remove('status');
    const text = await rawText();
    expect(text).toBe(`---\na: 1\nb:\n  - x\n---\n${BODY}`);
    expect(result).toEqual({
      path: 'n.md',
      key: 'status',
      deleted: true,
      revision: revisionOf(text),
    });
    expect(await runOk(getNoteProperty, vault.host, { path: 'n.md', key: 'status' })).toMatchObject(
      { exists: false },
    );
  });

  test('removes an empty key too', async () => {
    vault = await openTestHost({ 'n.md': `---\na: 1\nempty:\n---\n${BODY}` });
    expect(await remove('empty')).toMatchObject({ deleted: true });
    expect(await rawText()).toBe(`---\na: 1\n---\n${BODY}`);
  });

  test('removing the last key removes the whole block', async () => {
    vault = await openTestHost({ 'n.md': `---\nstatus: done\n---\n${BODY}` });
    await remove('status');
    expect(await rawText()).toBe(BODY);
  });

  test.each([
    ['a note whose block lacks the key', `---\ntags: [a, b]\n---\n${BODY}`],
    ['a note without frontmatter', BODY],
  ])('a missing key is success with deleted: false on %s, and writes nothing', async (_n, note) => {
    vault = await openTestHost({ 'n.md': note });
    expect(await remove('status')).toEqual({
      path: 'n.md',
      key: 'status',
      deleted: false,
      revision: revisionOf(note),
    });
    expect(await rawText()).toBe(note);
  });

  test('deleting twice: the second call is a no-op', async () => {
    vault = await openTestHost({ 'n.md': `---\na: 1\nb: 2\n---\n${BODY}` });
    const first = await remove('a');
    expect(await remove('a')).toEqual({ ...first, deleted: false });
  });

  test('a stale expectedRevision writes nothing and reports the current revision', async () => {
    const note = `---\nstatus: done\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': note });
    const failure = await runFail(deleteNoteProperty, vault.host, {
      path: 'n.md',
      key: 'status',
      expectedRevision: 'stale',
    });
    expect(failure.code).toBe('precondition_failed');
    expect(failure.details).toMatchObject({ currentRevision: revisionOf(note) });
    expect(await rawText()).toBe(note);
  });

  test('with the current expectedRevision the delete goes through', async () => {
    const note = `---\na: 1\nstatus: done\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': note });
    expect(await remove('status', { expectedRevision: revisionOf(note) })).toMatchObject({
      deleted: true,
    });
  });

  test('20 concurrent deletes with the same expectedRevision: exactly one succeeds', async () => {
    const note = `---\na: 1\nb: 2\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': note });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runTool(deleteNoteProperty, vault.host, {
          path: 'n.md',
          key: 'a',
          expectedRevision: revisionOf(note),
        }),
      ),
    );
    expect(results.filter((result) => result.isError !== true).length).toBe(1);
    expect(await rawText()).toBe(`---\nb: 2\n---\n${BODY}`);
  });

  test('invalid YAML is invalid_frontmatter, names the fix, and leaves the file alone', async () => {
    const broken = `---\nstatus: [1\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': broken });
    const failure = await runFail(deleteNoteProperty, vault.host, { path: 'n.md', key: 'status' });
    expect(failure.code).toBe('invalid_frontmatter');
    expect(failure.message).toContain('get_vault_file');
    expect(await rawText()).toBe(broken);
  });

  test.each([
    ['a missing note', { path: 'nope.md', key: 'a' }, 'not_found'],
    ['a file that is not a note', { path: 'data.json', key: 'a' }, 'unsupported'],
    ['a traversal', { path: 'Sub/../../n.md', key: 'a' }, 'invalid_path'],
    ['an empty key', { path: 'n.md', key: '' }, 'invalid_arguments'],
    ['a key with a line break', { path: 'n.md', key: 'a\nb' }, 'invalid_arguments'],
    ['an unknown argument', { path: 'n.md', key: 'a', value: null }, 'invalid_arguments'],
    [
      'a non-string expectedRevision',
      { path: 'n.md', key: 'a', expectedRevision: 1 },
      'invalid_arguments',
    ],
  ] as const)('refuses %s and changes nothing', async (_name, args, code) => {
    const note = `---\na: 1\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': note, 'Sub/x.md': '', 'data.json': '{}' });
    expect((await runFail(deleteNoteProperty, vault.host, { ...args })).code).toBe(code);
    expect(await rawText()).toBe(note);
  });
});
