/**
 * The hidden-folders differential: every tool runs, call for call, against two servers on copies
 * of the tasks-demo vault, one with the folder `Filters` hidden and one with it deleted. The
 * results must be identical (revisions and timestamps aside): no hidden path, name, tag, link,
 * count or error leaks. Two differences are by design and checked on their own: tools whose
 * effects cannot be filtered are refused while a folder is hidden, and writing INTO a hidden
 * folder is refused (so no case here writes into `Filters`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyVault, startTestServer, type McpTestServer } from '../test-support/index.ts';

const HIDDEN = 'Filters';
const H = 'Filters/Boolean Combinations.md';
const V = 'ACME.md';
const LINKER = 'Test Data/query_using_properties.md';
const CANVAS = 'Manual Testing/Frontmatter/Frontmatter code.canvas';

type Args = Record<string, unknown>;

/** Calls per tool, in order; together they read, search and write around the hidden folder. */
const CASES: Record<string, Args[]> = {
  get_server_info: [{}],
  tool_catalog: [{}],
  activate_tool: [{ name: 'get_backlinks' }],
  activate_tools: [{ names: ['get_recent_files', 'no_such_tool'] }],
  get_vault_file: [
    { path: H },
    { path: H, format: 'json' },
    { path: V, format: 'json' },
    { path: LINKER, format: 'json' },
  ],
  get_vault_files: [{ paths: [H, V, 'Filters/Explain Filters.md', LINKER] }],
  list_vault_files: [{}, { directory: HIDDEN }, { directory: 'Test Data', limit: 1000 }],
  get_vault_file_partial: [
    { filename: H, mode: 'document-map' },
    { filename: LINKER, mode: 'document-map' },
  ],
  get_note_outline: [{ path: H }, { path: LINKER }],
  get_vault_overview: [{ topTagsLimit: 50, recentFilesLimit: 0 }],
  list_tags: [{ limit: 1000 }, { sort: 'name', limit: 1000 }],
  get_files_by_tag: [{ tag: 'context' }, { tag: 'task', limit: 1000 }],
  get_recent_files: [{ limit: 100 }],
  get_outgoing_links: [{ path: LINKER }, { path: H }],
  get_backlinks: [
    { path: H },
    { path: H, includeUnresolved: true },
    { path: V, includeUnresolved: true },
  ],
  list_bookmarks: [{}],
  get_note_property: [
    { path: H, key: 'tags' },
    { path: LINKER, key: 'tags' },
  ],
  list_property_values: [{ key: 'tags' }, { key: 'tags', folder: HIDDEN }],
  search_vault_simple: [
    { query: 'Boolean', limit: 1000 },
    { query: 'context/pc', limit: 1000 },
  ],
  search_vault: [
    { query: { glob: ['Filters/**', { var: 'path' }] }, queryType: 'jsonlogic' },
    { query: { in: ['context/pc', { var: 'tags' }] }, queryType: 'jsonlogic' },
  ],
  search_vault_smart: [{ query: 'boolean combinations of filters', mode: 'hybrid' }],
  find_broken_links: [{ limit: 1000 }],
  find_orphaned_notes: [{ limit: 1000 }],
  search_and_replace: [{ pattern: 'Boolean', replacement: 'BOOL' }],
  get_canvas: [{ path: CANVAS }],
  get_active_file: [{}],
  show_file_in_obsidian: [{ filename: H }, { filename: V }],
  update_active_file: [
    { content: '# ACME\n\nSee [[Boolean Combinations]] and [[Explain Filters]].\n' },
  ],
  append_to_active_file: [{ content: 'appended #context/pc' }],
  patch_active_file: [
    { operation: 'append', targetType: 'heading', target: 'ACME', content: 'patched' },
  ],
  create_vault_file: [
    {
      path: 'Diff/new.md',
      content: '# New\n[[Boolean Combinations]] [[Regular Expression Searches]]',
    },
  ],
  create_vault_binary_file: [{ path: 'Diff/b.bin', content: 'AAEC' }],
  append_to_vault_file: [{ path: 'Diff/new.md', content: 'more' }],
  create_vault_directory: [{ path: 'Diff/Dir' }],
  patch_vault_file: [
    { path: H, operation: 'append', targetType: 'heading', target: 'x', content: 'x' },
    {
      path: 'Diff/new.md',
      operation: 'append',
      targetType: 'heading',
      target: 'New',
      content: 'patched',
    },
  ],
  set_note_property: [
    { path: H, key: 'x', value: 1 },
    { path: 'Diff/new.md', key: 'status', value: 'draft' },
  ],
  delete_note_property: [
    { path: H, key: 'x' },
    { path: 'Diff/new.md', key: 'status' },
  ],
  rename_heading: [
    { path: H, from: { text: 'x' }, to: 'y' },
    { path: 'Diff/new.md', from: { text: 'New' }, to: 'Renamed' },
  ],
  rename_vault_file: [
    { from: 'Diff/new.md', to: 'Diff/renamed.md' },
    { from: H, to: 'Diff/h.md' },
  ],
  delete_vault_file: [{ path: H }, { path: 'Diff/b.bin' }],
  delete_vault_directory: [{ path: HIDDEN, recursive: true }, { path: 'Diff/Dir' }],
  get_or_create_daily_note: [{ date: '2026-01-02' }],
  get_or_create_periodic_note: [{ period: 'weekly', date: '2026-01-02' }],
  append_to_periodic_note: [
    { content: 'daily entry [[Boolean Combinations]]', date: '2026-01-02' },
  ],
  add_canvas_node: [
    { path: 'Diff/c.canvas', type: 'file', file: H },
    { path: 'Diff/c.canvas', type: 'text', text: 'hello', x: 0, y: 0 },
  ],
  connect_canvas_nodes: [{ path: 'Diff/c.canvas', fromNode: 'a', toNode: 'b' }],
  list_obsidian_commands: [{}],
  fetch: [{ url: 'http://127.0.0.1/' }],
  delete_active_file: [{}],
};

/** Refused while any folder is hidden, whatever the arguments. */
const UNFILTERABLE: Record<string, Args> = {
  execute_dataview_query: { query: 'LIST FROM "Filters"' },
  execute_template: { templatePath: '_meta/templates/daily note template - Templater plugin.md' },
  execute_obsidian_command: { commandId: 'app:reload' },
};

const VOLATILE = [
  'revision',
  'currentRevision',
  'expectedRevision',
  'mtime',
  'ctime',
  'stat',
  'lastSeen',
];
/** Canvas node ids are random by design (as Obsidian's). */
const VOLATILE_FOR: Record<string, string[]> = { add_canvas_node: ['id'] };

function stable(value: unknown, volatile: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => stable(item, volatile));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !volatile.has(key))
      .map(([key, inner]) => [key, stable(inner, volatile)]),
  );
}

let hidden: McpTestServer;
let deleted: McpTestServer;
let hiddenClient: Client;
let deletedClient: Client;
beforeAll(async () => {
  const withFolder = await copyVault();
  // A hidden note that links out: its links must not count anywhere (backlinks, orphans).
  await writeFile(
    join(withFolder.root, HIDDEN, 'Secret links.md'),
    'See [[ACME]] and [[Tasks]] #secret-tag\n',
  );
  hidden = await startTestServer(withFolder);
  await hidden.server.settings.updateSlice('hiddenFolders', () => [HIDDEN]);
  const withoutFolder = await copyVault();
  await rm(join(withoutFolder.root, HIDDEN), { recursive: true });
  deleted = await startTestServer(withoutFolder);
  hiddenClient = await hidden.connect('modern');
  deletedClient = await deleted.connect('modern');
});
afterAll(async () => {
  await hidden.stop();
  await deleted.stop();
});

async function outcome(client: Client, name: string, args: Args): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const result = await client.callTool({ name, arguments: args });
    const structured = result.structuredContent as { code?: string } | undefined;
    // The semantic index builds in the background; wait for it rather than compare progress.
    if (structured?.code === 'index_building' && attempt < 200) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const volatile = new Set([...VOLATILE, ...(VOLATILE_FOR[name] ?? [])]);
    return { isError: result.isError === true, result: stable(result.structuredContent, volatile) };
  }
}

describe('a hidden folder is indistinguishable from a deleted one', () => {
  test('every tool has differential cases or is a known unfilterable one', async () => {
    const listed = (await hiddenClient.listTools()).tools.map((tool) => tool.name);
    const missing = listed.filter(
      (name) => CASES[name] === undefined && UNFILTERABLE[name] === undefined,
    );
    expect(missing).toEqual([]);
  });

  test('every tool, call for call, gives the same result', async () => {
    for (const [name, calls] of Object.entries(CASES)) {
      for (const args of calls) {
        const [inHidden, inDeleted] = [
          await outcome(hiddenClient, name, args),
          await outcome(deletedClient, name, args),
        ];
        expect({ name, args, outcome: inHidden }).toEqual({ name, args, outcome: inDeleted });
      }
    }
  }, 120_000);

  test('tools whose effects cannot be filtered are refused while a folder is hidden, and say why', async () => {
    for (const [name, args] of Object.entries(UNFILTERABLE)) {
      const result = await hiddenClient.callTool({ name, arguments: args });
      expect({ name, code: (result.structuredContent as { code: string }).code }).toEqual({
        name,
        code: 'hidden_folders_active',
      });
    }
    const dataviewQuery = await hiddenClient.callTool({
      name: 'search_vault',
      arguments: { query: 'LIST', queryType: 'dataview' },
    });
    expect((dataviewQuery.structuredContent as { code: string }).code).toBe(
      'hidden_folders_active',
    );
  });
});
