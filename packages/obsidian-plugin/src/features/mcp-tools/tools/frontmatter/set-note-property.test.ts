import { afterEach, describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk, runTool } from '../../test-support/run-tool.ts';
import { getNoteProperty } from './get-note-property.ts';
import { setNoteProperty } from './set-note-property.ts';

/** A body with every trap a rewrite could spring: CRLF, trailing blanks, a `---` line, no final newline. */
const BODY = '\n# Heading\r\nline with trailing spaces   \n---\nkey: not frontmatter\n\tlast line';
const NOTE = `---\ntitle: T\n---\n${BODY}`;

let vault: TestHost;
afterEach(() => vault.close());

const rawText = (path = 'n.md') => readFile(join(vault.root, path), 'utf8');

describe('set_note_property', () => {
  test.each([
    ['a plain string', 'done', 'p: done'],
    ['a string that looks like a number', '123', 'p: "123"'],
    ['a string that looks like a boolean', 'true', 'p: "true"'],
    ['a string that looks like null', 'null', 'p: "null"'],
    ['an empty string', '', 'p: ""'],
    ['a string with ": "', 'a: b', 'p: "a: b"'],
    ['a string starting with "#"', '#tag', 'p: "#tag"'],
    ['a wikilink', '[[Other note|alias]]', 'p: "[[Other note|alias]]"'],
    ['a multi-line string', 'line 1\nline 2', 'p: |-\n  line 1\n  line 2'],
    ['non-ASCII text', 'café ☕', 'p: café ☕'],
    ['a date (stays a string)', '2024-07-21', 'p: 2024-07-21'],
    ['a date and time (stays a string)', '2024-07-21T12:37:00', 'p: 2024-07-21T12:37:00'],
    ['an integer', 42, 'p: 42'],
    ['zero', 0, 'p: 0'],
    ['a negative decimal', -3.5, 'p: -3.5'],
    ['true', true, 'p: true'],
    ['false', false, 'p: false'],
    ['a list of strings', ['a', 'b c'], 'p:\n  - a\n  - b c'],
    ['a list of wikilinks', ['[[A]]', '[[B]]'], 'p:\n  - "[[A]]"\n  - "[[B]]"'],
    ['a list of numbers', [1, 2.5], 'p:\n  - 1\n  - 2.5'],
    ['a list of booleans', [true, false], 'p:\n  - true\n  - false'],
    ['an empty list', [], 'p: []'],
    ['null (the key stays, empty)', null, 'p:'],
  ])('%s round-trips exactly, body untouched', async (_name, value, yaml) => {
    vault = await openTestHost({ 'n.md': NOTE });
    const result = await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'p', value });
    const text = await rawText();
    expect(text).toBe(`---\ntitle: T\n${yaml}\n---\n${BODY}`);
    expect(result).toEqual({ path: 'n.md', key: 'p', changed: true, revision: revisionOf(text) });
    expect(await runOk(getNoteProperty, vault.host, { path: 'n.md', key: 'p' })).toEqual({
      path: 'n.md',
      key: 'p',
      exists: true,
      value,
      revision: revisionOf(text),
    });
  });

  test('replaces a value in place, keeping the order of the keys', async () => {
    vault = await openTestHost({ 'n.md': `---\na: 1\nb: 2\nc: 3\n---\n${BODY}` });
    await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'b', value: ['x'] });
    expect(await rawText()).toBe(`---\na: 1\nb:\n  - x\nc: 3\n---\n${BODY}`);
  });

  test('null empties an existing value and keeps the key', async () => {
    vault = await openTestHost({ 'n.md': `---\nstatus: done\n---\n${BODY}` });
    await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'status', value: null });
    expect(await rawText()).toBe(`---\nstatus:\n---\n${BODY}`);
    expect(await runOk(getNoteProperty, vault.host, { path: 'n.md', key: 'status' })).toMatchObject(
      { exists: true, value: null },
    );
  });

  test('a note without frontmatter gains a block; the body stays byte for byte', async () => {
    vault = await openTestHost({ 'n.md': BODY });
    await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'status', value: 'open' });
    expect(await rawText()).toBe(`---\nstatus: open\n---\n${BODY}`);
  });

  test('setting the value a key already has writes nothing, not even a reformat', async () => {
    const note = `---\ntags: [a, b]\nn: 1\n---\n${BODY}`;
    vault = await openTestHost({ 'n.md': note });
    for (const [key, value] of [
      ['tags', ['a', 'b']],
      ['n', 1],
    ] as const) {
      const result = await runOk(setNoteProperty, vault.host, { path: 'n.md', key, value });
      expect(result).toEqual({ path: 'n.md', key, changed: false, revision: revisionOf(note) });
    }
    expect(await rawText()).toBe(note);
  });

  test('a CRLF note with a BOM stays so, frontmatter included', async () => {
    vault = await openTestHost({ 'n.md': '\uFEFF---\r\ntitle: T\r\n---\r\nbody\r\n' });
    await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'status', value: 'open' });
    expect(await readFile(join(vault.root, 'n.md'))).toEqual(
      Buffer.from('\uFEFF---\r\ntitle: T\r\nstatus: open\r\n---\r\nbody\r\n'),
    );
  });

  test('keys are matched exactly: "Status" is not "status"', async () => {
    vault = await openTestHost({ 'n.md': '---\nstatus: a\n---\n' });
    await runOk(setNoteProperty, vault.host, { path: 'n.md', key: 'Status', value: 'b' });
    expect(await rawText()).toBe('---\nstatus: a\nStatus: b\n---\n');
  });

  test('with the current expectedRevision the write goes through', async () => {
    vault = await openTestHost({ 'n.md': NOTE });
    const result = await runOk(setNoteProperty, vault.host, {
      path: 'n.md',
      key: 'p',
      value: 1,
      expectedRevision: revisionOf(NOTE),
    });
    expect(result.revision).toBe(revisionOf(await rawText()));
  });

  test('a stale expectedRevision writes nothing and reports the current revision', async () => {
    vault = await openTestHost({ 'n.md': NOTE });
    const failure = await runFail(setNoteProperty, vault.host, {
      path: 'n.md',
      key: 'p',
      value: 1,
      expectedRevision: 'stale',
    });
    expect(failure.code).toBe('precondition_failed');
    expect(failure.details).toEqual({
      path: 'n.md',
      currentRevision: revisionOf(NOTE),
      expectedRevision: 'stale',
    });
    expect(await rawText()).toBe(NOTE);
  });

  test('20 concurrent writes with the same expectedRevision: exactly one wins', async () => {
    vault = await openTestHost({ 'n.md': NOTE });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        runTool(setNoteProperty, vault.host, {
          path: 'n.md',
          key: 'winner',
          value: index,
          expectedRevision: revisionOf(NOTE),
        }),
      ),
    );
    const winners = results.flatMap((result, index) => (result.isError ? [] : [index]));
    const codes = results.flatMap((result) => (result.isError ? [codeOf(result)] : []));
    expect(winners.length).toBe(1);
    expect(codes).toEqual(Array.from({ length: 19 }, () => 'precondition_failed'));
    expect(await rawText()).toBe(`---\ntitle: T\nwinner: ${String(winners[0])}\n---\n${BODY}`);
  });

  test('20 concurrent writes without expectedRevision: none is lost', async () => {
    vault = await openTestHost({ 'n.md': NOTE });
    const keys = Array.from({ length: 20 }, (_, index) => `k${index}`);
    await Promise.all(
      keys.map((key, index) =>
        runOk(setNoteProperty, vault.host, { path: 'n.md', key, value: index }),
      ),
    );
    const text = await rawText();
    for (const [index, key] of keys.entries()) expect(text).toContain(`\n${key}: ${index}\n`);
    expect(text.endsWith(`---\n${BODY}`)).toBe(true);
  });

  test.each([
    ['invalid YAML', `---\na: [1\nb: 2\n---\n${BODY}`],
    ['a list instead of a mapping', `---\n- a\n- b\n---\n${BODY}`],
  ])(
    '%s fails with invalid_frontmatter, names the fix, and leaves the file alone',
    async (_name, broken) => {
      vault = await openTestHost({ 'n.md': broken });
      const failure = await runFail(setNoteProperty, vault.host, {
        path: 'n.md',
        key: 'a',
        value: 1,
      });
      expect(failure.code).toBe('invalid_frontmatter');
      expect(failure.message).toContain('get_vault_file');
      expect(failure.details).toMatchObject({ path: 'n.md' });
      expect(failure.message).toContain('create_vault_file');
      expect(await rawText()).toBe(broken);
    },
  );

  test.each([
    ['an object value', { key: 'p', value: { a: 1 } }, 'invalid_arguments'],
    ['a mixed-type list', { key: 'p', value: [1, 'a'] }, 'invalid_arguments'],
    ['a nested list', { key: 'p', value: [[1]] }, 'invalid_arguments'],
    ['a list holding null', { key: 'p', value: [null] }, 'invalid_arguments'],
    ['a missing value', { key: 'p' }, 'invalid_arguments'],
    ['an empty key', { key: '', value: 1 }, 'invalid_arguments'],
    ['a blank key', { key: '  ', value: 1 }, 'invalid_arguments'],
    ['a key with a line break', { key: 'a\nb', value: 1 }, 'invalid_arguments'],
    ['an unknown argument', { key: 'p', value: 1, content: 'x' }, 'invalid_arguments'],
    ['a missing note', { path: 'nope.md', key: 'p', value: 1 }, 'not_found'],
    ['a folder', { path: 'Sub', key: 'p', value: 1 }, 'not_a_file'],
    ['a file that is not a note', { path: 'data.json', key: 'p', value: 1 }, 'unsupported'],
    ['a traversal', { path: '../n.md', key: 'p', value: 1 }, 'invalid_path'],
    ['the config folder', { path: '.obsidian/app.md', key: 'p', value: 1 }, 'invalid_path'],
  ] as const)('refuses %s and changes nothing', async (_name, args, code) => {
    vault = await openTestHost({ 'n.md': NOTE, 'Sub/x.md': '', 'data.json': '{}' });
    const failure = await runFail(setNoteProperty, vault.host, { path: 'n.md', ...args });
    expect(failure.code).toBe(code);
    expect(await rawText()).toBe(NOTE);
  });
});

function codeOf(result: CallToolResult): unknown {
  return (result.structuredContent as { code?: unknown } | undefined)?.code;
}
