/**
 * The section tools end to end: the real headless server over HTTP on a temp copy of the
 * test vault, the official SDK client on both protocol lines, real notes (headings with
 * links, task lists with block ids), the failures an agent will hit (each leaving the vault byte
 * for byte unchanged), and 20 concurrent patches from several clients racing on one revision.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  oneServerTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const WINTER = 'Apiary/Overwintering.md';
/** Its last section's heading holds a link. */
const LINKED = 'Kitchen/Preserving/Sauerkraut.md';
/** Tasks with block ids (^approval, ^frame). */
const PROJECT = 'Projects/Greenhouse build/Greenhouse build.md';
/** No frontmatter yet. */
const PLAIN = 'Inbox.md';

let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** Puts a scratch note in place through the server (its index sees it at once). */
async function writeNote(path: string, text: string, client?: Client): Promise<void> {
  await callOk(client ?? (await t.connect('modern')), 'create_vault_file', { path, content: text });
}

describe('the section tools over HTTP', () => {
  test.each(PROTOCOL_LINES)('%s: listed, and read a heading of a real note', async (line) => {
    const client = await t.connect(line);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of ['get_vault_file_partial', 'patch_vault_file', 'patch_active_file']) {
      expect(names).toContain(name);
    }
    const section = await callOk(client, 'get_vault_file_partial', {
      filename: WINTER,
      mode: 'heading',
      target: 'Overwintering::The box',
    });
    expect(section).toMatchObject({ startLine: 18, level: 2 });
    expect(section.content).toStartWith('## The box\n\n- Mouse guards on the entrance');
  });

  test('the document map and a block of a real note', async () => {
    const client = await t.connect('modern');
    const map = await callOk(client, 'get_vault_file_partial', {
      filename: PROJECT,
      mode: 'document-map',
    });
    expect(map.headings).toContainEqual({
      path: 'Greenhouse build::Tasks',
      level: 2,
      line: 34,
      lineCount: 10,
    });
    expect(map.blocks).toContainEqual({ id: 'frame', line: 39, endLine: 39 });
    const block = await callOk(client, 'get_vault_file_partial', {
      filename: PROJECT,
      mode: 'block',
      target: '^frame',
    });
    expect(block).toMatchObject({
      content: '- [/] Build the frame (weekends, with Ravi) 📅 2026-12-20 ^frame\n',
      revision: map.revision,
    });
  });

  test.each(PROTOCOL_LINES)('%s: append under a heading written with a link', async (line) => {
    const client = await t.connect(line);
    const before = await t.readText(LINKED);
    const result = await callOk(client, 'patch_vault_file', {
      path: LINKED,
      operation: 'append',
      targetType: 'heading',
      target: 'Sauerkraut::Batches from [[Bed 02]]',
      content: `- [ ] Batch added over ${line}`,
    });
    const after = await t.readText(LINKED);
    expect(after).toBe(`${before}- [ ] Batch added over ${line}\n`);
    const read = await callOk(client, 'get_vault_file', { path: LINKED });
    expect(read.revision).toBe(result.revision);
  });

  test('replace a task by block id, keeping the id and the rest of the note', async () => {
    const client = await t.connect('legacy');
    const before = await t.readText(PROJECT);
    const read = await callOk(client, 'get_vault_file_partial', {
      filename: PROJECT,
      mode: 'block',
      target: 'frame',
    });
    await callOk(client, 'patch_vault_file', {
      path: PROJECT,
      operation: 'replace',
      targetType: 'block',
      target: 'frame',
      content: '- [x] Build the frame (weekends, with Ravi) ✅ 2026-12-20',
      expectedContent: '- [/] Build the frame (weekends, with Ravi) 📅 2026-12-20',
      expectedRevision: read.revision,
    });
    expect(await t.readText(PROJECT)).toBe(
      before.replace(
        '- [/] Build the frame (weekends, with Ravi) 📅 2026-12-20 ^frame',
        '- [x] Build the frame (weekends, with Ravi) ✅ 2026-12-20 ^frame',
      ),
    );
  });

  test('a frontmatter key through processFrontMatter; the body is untouched', async () => {
    const client = await t.connect('modern');
    const before = await t.readText(PLAIN);
    await callOk(client, 'patch_vault_file', {
      path: PLAIN,
      operation: 'append',
      targetType: 'frontmatter',
      target: 'aliases',
      content: '["Capture"]',
    });
    const after = await t.readText(PLAIN);
    expect(after).toBe(`---\naliases:\n  - Capture\n---\n${before}`);
    expect(
      await callOk(client, 'get_vault_file_partial', {
        filename: PLAIN,
        mode: 'frontmatter',
        target: 'aliases',
      }),
    ).toMatchObject({ key: 'aliases', value: ['Capture'] });
  });

  test('patch_active_file patches the note shown last', async () => {
    const path = 'Sections/active.md';
    // One client: over stdio each client has a server, and so an active file, of its own.
    const client = await t.connect('legacy');
    await writeNote(path, '# Active\n\n## Log\n- one\n', client);
    await callOk(client, 'show_file_in_obsidian', { filename: path });
    const result = await callOk(client, 'patch_active_file', {
      operation: 'prepend',
      targetType: 'heading',
      target: 'Active::Log',
      content: '- zero',
    });
    expect(result).toMatchObject({ path, changed: true });
    expect(await t.readText(path)).toBe('# Active\n\n## Log\n- zero\n- one\n');
  });
});

describe('failures name the fix and leave the vault byte for byte unchanged', () => {
  const SCRATCH = 'Sections/failures.md';
  const TEXT = '## Intro\nx\n\n# Title\n\n## Notes\n```\n# not a heading\n```\n\n## Notes\n';

  test.each([
    [
      'a leaf without its parent',
      { targetType: 'heading', target: 'The box', path: WINTER },
      'heading_not_found',
      'Did you mean "Overwintering::The box"?',
    ],
    [
      'a fenced "heading"',
      { targetType: 'heading', target: 'not a heading', createTargetIfMissing: false },
      'heading_not_found',
      'Its headings:',
    ],
    [
      'a duplicate heading',
      { targetType: 'heading', target: 'Title::Notes' },
      'ambiguous_heading',
      '"Title::Notes" (line 5)',
    ],
    [
      'an H2 above the H1',
      { targetType: 'heading', target: 'Intro' },
      'ambiguous_section',
      'allowRootHeadings',
    ],
    ['a missing block', { targetType: 'block', target: '^nope' }, 'block_not_found', 'No block'],
    [
      'a stale revision',
      { targetType: 'heading', target: 'Intro', allowRootHeadings: true, expectedRevision: 'x' },
      'precondition_failed',
      'read it again',
    ],
    [
      'a stale expectedContent',
      {
        targetType: 'heading',
        target: 'Intro',
        allowRootHeadings: true,
        operation: 'replace',
        expectedContent: 'y',
      },
      'precondition_failed',
      'expectedContent',
    ],
    [
      'a missing key with creation off',
      { targetType: 'frontmatter', target: 'k', createTargetIfMissing: false },
      'frontmatter_key_not_found',
      'No frontmatter key',
    ],
    [
      'a missing note',
      { targetType: 'heading', target: 'A', path: 'nope.md' },
      'not_found',
      'No file',
    ],
    ['a traversal', { targetType: 'heading', target: 'A', path: '../x.md' }, 'invalid_path', '..'],
  ])('%s', async (_name, args, code, hint) => {
    const client = await t.connect('modern');
    await writeNote(SCRATCH, TEXT, client);
    const before = await snapshotVault(t.vault.root);
    const failure = await callFail(client, 'patch_vault_file', {
      path: SCRATCH,
      operation: 'append',
      content: 'new',
      ...args,
    });
    expect(failure.code).toBe(code);
    expect(failure.message).toContain(hint);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('reads fail the same way', async () => {
    const client = await t.connect('legacy');
    const missing = await callFail(client, 'get_vault_file_partial', {
      filename: WINTER,
      mode: 'heading',
    });
    expect(missing.code).toBe('invalid_arguments');
    const wrong = await callFail(client, 'get_vault_file_partial', {
      path: WINTER,
      mode: 'lines',
    });
    expect(wrong.code).toBe('invalid_arguments');
    expect(wrong.message).toContain('unknown argument "path"');
  });
});

describe('concurrent patches over HTTP', () => {
  oneServerTest(
    '20 calls from 4 clients on one revision: one succeeds, 19 are precondition_failed',
    async () => {
      const path = 'Sections/race.md';
      const text = '# Race\n\n## Log\n- start\n';
      await writeNote(path, text);
      const clients: Client[] = [];
      for (const line of ['legacy', 'modern', 'legacy', 'modern'] as const) {
        clients.push(await t.connect(line));
      }
      const { revision } = await callOk(clients[0] as Client, 'get_vault_file', { path });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (clients[index % clients.length] as Client).callTool({
            name: 'patch_vault_file',
            arguments: {
              path,
              operation: 'append',
              targetType: 'heading',
              target: 'Race::Log',
              content: `- writer ${index}`,
              expectedRevision: revision,
            },
          }),
        ),
      );
      const codes = results.map((result) =>
        result.isError ? (result.structuredContent as { code: string }).code : 'ok',
      );
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(codes.filter((code) => code === 'precondition_failed')).toHaveLength(19);
      const after = await t.readText(path);
      expect(after.match(/- writer \d+/g)).toHaveLength(1);
      expect(after).toStartWith(text);
    },
  );
});
