/**
 * The property tools end to end: the real headless server over HTTP on a temp copy of the
 * test vault, the official SDK client on both protocol lines, real notes with Obsidian's
 * property types, and the failures an agent will hit. Each test that writes uses its own note.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  readOnlyClient,
  snapshotVault,
  startTestServer,
  whileHidden,
  type McpTestServer,
} from '../../test-support/index.ts';

/** A hive note with a property of every Obsidian type. */
const POPULATED = 'Apiary/Hives/Hive Clover.md';
const TOOLS = [
  'delete_note_property',
  'get_note_property',
  'list_property_values',
  'set_note_property',
  'update_note_tags',
];

let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** A note's text after its frontmatter block: what no property edit may change. */
const bodyOf = (text: string) => text.slice(text.indexOf('\n---\n', 3) + 5);

describe('the property tools over HTTP', () => {
  test.each(PROTOCOL_LINES)('%s: listed, and set, get, delete round-trip', async (line) => {
    const client = await t.connect(line);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of TOOLS) expect(names).toContain(name);
    const path = 'Projects/Rainwater harvesting.md';
    const before = await t.readText(path);
    const key = `reviewed_${line}`;
    const set = await callOk(client, 'set_note_property', { path, key, value: ['a', 'b'] });
    expect(await callOk(client, 'get_note_property', { path, key })).toEqual({
      path,
      key,
      exists: true,
      value: ['a', 'b'],
      revision: set.revision,
    });
    expect(await t.readText(path)).toContain(`\n${key}:\n  - a\n  - b\n---\n`);
    const removed = await callOk(client, 'delete_note_property', { path, key });
    expect(removed).toMatchObject({ deleted: true });
    expect(await t.readText(path)).toBe(before);
  });

  test('reads every Obsidian property type as parsed; dates stay strings', async () => {
    const client = await t.connect('modern');
    const file = await callOk(client, 'get_vault_file', { path: POPULATED });
    const read = (key: string) => callOk(client, 'get_note_property', { path: POPULATED, key });
    expect(await read('installed')).toEqual({
      path: POPULATED,
      key: 'installed',
      exists: true,
      value: '2024-05-11',
      revision: file.revision,
    });
    expect((await read('last_inspected')).value).toBe('2026-08-17T11:30');
    expect((await read('queen_marked')).value).toBe(true);
    expect((await read('frames')).value).toBe(11);
    expect((await read('queen_colour')).value).toBe('blue');
    expect((await read('treatments')).value).toEqual([
      'Oxalic acid, December 2025',
      'Thymol, August 2026',
    ]);
    expect((await read('aliases')).value).toEqual(['Clover', 'Hive 1']);
    expect((await read('origin')).value).toBe('[[Swarm catch May 2024]]');
    expect(await read('not_a_property')).toMatchObject({ exists: false, value: null });
  });

  test('an edit keeps the body byte for byte and honours expectedRevision', async () => {
    const client = await t.connect('legacy');
    const path = 'Projects/Grant application.md';
    const before = await t.readText(path);
    const { revision } = await callOk(client, 'get_vault_file', { path });
    const set = await callOk(client, 'set_note_property', {
      path,
      key: 'status',
      value: 'reviewing',
      expectedRevision: revision,
    });
    const after = await t.readText(path);
    expect(after).toBe(before.replace('status: drafting\n', 'status: reviewing\n'));
    expect(bodyOf(after)).toBe(bodyOf(before));
    const stale = await callFail(client, 'set_note_property', {
      path,
      key: 'status',
      value: 'lost',
      expectedRevision: revision,
    });
    expect(stale).toMatchObject({
      code: 'precondition_failed',
      details: { currentRevision: set.revision },
    });
    expect(await t.readText(path)).toBe(after);
  });

  test('deleting a missing key is a no-op; null empties a key', async () => {
    const client = await t.connect('modern');
    const path = 'Reference/Frost dates.md';
    const before = await t.readText(path);
    expect(await callOk(client, 'delete_note_property', { path, key: 'absent' })).toMatchObject({
      deleted: false,
    });
    expect(await t.readText(path)).toBe(before);
    await callOk(client, 'set_note_property', { path, key: 'first_frost', value: null });
    expect(await t.readText(path)).toBe(
      before.replace('first_frost: 2026-10-28\n', 'first_frost:\n'),
    );
  });

  test('list_property_values counts values across the vault and under a folder', async () => {
    const client = await t.connect('modern');
    const inFolder = await callOk(client, 'list_property_values', {
      key: 'servings',
      folder: 'Kitchen/Recipes',
    });
    expect(inFolder).toMatchObject({ key: 'servings', folder: 'Kitchen/Recipes' });
    expect(inFolder.values).toContainEqual({ value: 4, count: 7 });
    const tags = await callOk(client, 'list_property_values', { key: 'tags', limit: 2 });
    expect(tags).toMatchObject({ truncated: true });
    expect((tags.values as unknown[]).length).toBe(2);
    expect(tags.total as number).toBeGreaterThan(2);
  });

  test('invalid YAML is invalid_frontmatter, names the fix, and changes nothing', async () => {
    const client = await t.connect('legacy');
    const path = 'Projects/Archive/Compost toilet.md';
    const broken = '---\ncompleted: [2024-09-14\n---\n# Body\n';
    await writeFile(join(t.vault.root, path), broken);
    for (const [name, args] of [
      ['get_note_property', { path, key: 'completed' }],
      ['set_note_property', { path, key: 'completed', value: 'x' }],
      ['delete_note_property', { path, key: 'completed' }],
    ] as const) {
      const failure = await callFail(client, name, args);
      expect(failure.code).toBe('invalid_frontmatter');
      expect(failure.message).toContain('get_vault_file');
    }
    expect(await t.readText(path)).toBe(broken);
  });

  test.each([
    ['a missing note', 'get_note_property', { path: 'Nope.md', key: 'a' }, 'not_found'],
    ['a traversal', 'set_note_property', { path: '../x.md', key: 'a', value: 1 }, 'invalid_path'],
    [
      'the config folder',
      'delete_note_property',
      { path: '.obsidian/types.json', key: 'types' },
      'invalid_path',
    ],
    [
      'an object value',
      'set_note_property',
      { path: POPULATED, key: 'a', value: { b: 1 } },
      'invalid_arguments',
    ],
    [
      'a mixed list',
      'set_note_property',
      { path: POPULATED, key: 'a', value: [1, 'x'] },
      'invalid_arguments',
    ],
    [
      'an empty key',
      'set_note_property',
      { path: POPULATED, key: '', value: 1 },
      'invalid_arguments',
    ],
    [
      'an unknown argument',
      'get_note_property',
      { path: POPULATED, key: 'a', format: 'json' },
      'invalid_arguments',
    ],
    ['a missing folder', 'list_property_values', { key: 'tags', folder: 'Nope' }, 'not_found'],
    [
      'a canvas',
      'get_note_property',
      { path: 'Maps/Garden layout.canvas', key: 'a' },
      'unsupported',
    ],
  ])(
    '%s fails with a code and a message, and the vault is untouched',
    async (_n, name, args, code) => {
      const client = await t.connect('modern');
      const before = await snapshotVault(t.vault.root);
      const failure = await callFail(client, name, args);
      expect(failure.code).toBe(code);
      expect(failure.message.length).toBeGreaterThan(0);
      expect(await snapshotVault(t.vault.root)).toEqual(before);
    },
  );

  test('the listings stay within the tools/list budget (about 500 bytes each)', async () => {
    const client = await t.connect('modern');
    const listed = (await client.listTools()).tools.filter((tool) => TOOLS.includes(tool.name));
    const bytes = listed.map((tool) => Buffer.byteLength(JSON.stringify(tool)));
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(TOOLS.length * 550);
  });
});

describe('update_note_tags', () => {
  const filesWith = async (client: Client, tag: string) =>
    (
      (await callOk(client, 'get_files_by_tag', { tag, includeNested: false })).files as {
        path: string;
      }[]
    ).map((file) => file.path);

  test.each(PROTOCOL_LINES)(
    '%s: adds to the frontmatter, removes from both, and the tag index follows',
    async (line) => {
      const client = await t.connect(line);
      const path = `E2E/Tags ${line}.md`;
      await callOk(client, 'create_vault_file', {
        path,
        content:
          '---\ntags: [garden]\n---\n# Beds #e2e-old\n\nMulch #e2e-old/deep and `#e2e-old`.\n',
      });
      const result = await callOk(client, 'update_note_tags', {
        path,
        add: [`e2e-${line}`, '#Garden'],
        remove: ['E2E-OLD'],
      });
      expect(result).toMatchObject({
        added: [`e2e-${line}`],
        alreadyPresent: ['Garden'],
        removed: [{ tag: 'E2E-OLD', from: ['body'] }],
        notFound: [],
        changed: true,
      });
      expect(await t.readText(path)).toBe(
        `---\ntags: [garden, e2e-${line}]\n---\n# Beds\n\nMulch #e2e-old/deep and \`#e2e-old\`.\n`,
      );
      expect(await filesWith(client, `e2e-${line}`)).toEqual([path]);
      expect(await filesWith(client, 'e2e-old')).not.toContain(path);
    },
  );

  test('a note in a hidden folder is not found and keeps its tags', async () => {
    const client = await t.connect('modern');
    const path = 'Apiary/Hives/Hive Clover.md';
    const before = await t.readText(path);
    const failure = await whileHidden(t, ['Apiary'], () =>
      callFail(client, 'update_note_tags', { path, add: ['x'], remove: ['apiary'] }),
    );
    expect(failure.code).toBe('not_found');
    expect(await t.readText(path)).toBe(before);
  });

  test.each(PROTOCOL_LINES)('%s: a read-only token cannot call it', async (line) => {
    const reader = await readOnlyClient(t, line);
    const before = await snapshotVault(t.vault.root);
    const refused = await callFail(reader, 'update_note_tags', { path: POPULATED, add: ['x'] });
    expect(refused.code).toBe('tool_not_allowed');
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
