/**
 * The hidden-folders differential: every tool runs, call for call, against two servers on copies
 * of the test vault, one with the folder `Apiary` hidden and one with it deleted. The results
 * must be identical (revisions and timestamps aside): no hidden path, name, tag, link, count or
 * error leaks. Two sets of calls: hand-written cases per tool that read, search and write around
 * the hidden folder, and a sweep built from the schemas (test-support/tool-schemas.ts) that points
 * every path argument of every tool into the hidden folder. Two differences are by design and
 * checked on their own: tools whose effects cannot be filtered are refused while a folder is
 * hidden, and writing INTO a hidden folder is refused (so the hand-written cases never write
 * into `Apiary`, and the sweep checks that each such write fails and changes nothing).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { waitForValue } from '@mcp-connector/shared/test-support';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SEMANTIC_INDEX_BOUND_MS,
  copyVault,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';
import {
  argumentsWith,
  describePath,
  pathArguments,
  registryToolNames,
  type ListedTool,
} from '../test-support/tool-schemas.ts';

const HIDDEN = 'Apiary';
const H = 'Apiary/Varroa treatment.md';
const V = 'Garden/Soil and compost.md';
/** A visible note that links into the hidden folder. */
const LINKER = 'Home.md';
/** A canvas with a card of a hidden note. */
const CANVAS = 'Maps/Garden layout.canvas';

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
  get_vault_files: [{ paths: [H, V, 'Apiary/Apiary.md', LINKER] }],
  list_vault_files: [{}, { directory: HIDDEN }, { directory: 'Garden', limit: 1000 }],
  get_vault_file_partial: [
    { filename: H, mode: 'document-map' },
    { filename: LINKER, mode: 'document-map' },
  ],
  get_note_outline: [{ path: H }, { path: LINKER }],
  get_vault_overview: [{ topTagsLimit: 50, recentFilesLimit: 0 }],
  list_tags: [{ limit: 1000 }, { sort: 'name', limit: 1000 }],
  get_files_by_tag: [{ tag: 'apiary' }, { tag: 'garden', limit: 1000 }],
  get_recent_files: [{ limit: 100 }],
  get_outgoing_links: [{ path: LINKER }, { path: H }],
  get_backlinks: [
    { path: H },
    { path: H, includeUnresolved: true },
    { path: V, includeUnresolved: true },
  ],
  list_bookmarks: [{}],
  // bases (issue 41): a base inside the hidden folder, one whose rows include its notes
  query_base: [
    { path: 'Apiary/Hives.base' },
    { path: 'Reference/Status board.base', limit: 1000 },
    { path: 'Kitchen/Recipes.base', view: 'By course', limit: 1000 },
  ],
  // the link graph (issue 41)
  get_note_neighbors: [{ path: LINKER, depth: 2, limit: 1000 }, { path: H }, { path: V, depth: 3 }],
  find_link_path: [
    { from: LINKER, to: V },
    { from: CANVAS, to: 'Garden/Companion planting.md', maxDepth: 10 },
    { from: H, to: V },
    { from: V, to: 'Apiary/Apiary.md' },
  ],
  get_note_property: [
    { path: H, key: 'tags' },
    { path: LINKER, key: 'tags' },
  ],
  list_property_values: [{ key: 'tags' }, { key: 'tags', folder: HIDDEN }],
  search_vault_simple: [
    { query: 'Varroa', limit: 1000 },
    { query: 'apiary/inspection', limit: 1000 },
  ],
  search_vault: [
    { query: { glob: ['Apiary/**', { var: 'path' }] }, queryType: 'jsonlogic' },
    { query: { in: ['apiary/inspection', { var: 'tags' }] }, queryType: 'jsonlogic' },
  ],
  search_vault_smart: [{ query: 'getting the bees through the winter', mode: 'hybrid' }],
  find_broken_links: [{ limit: 1000 }, { scope: HIDDEN }, { exclude_folders: [HIDDEN] }],
  find_orphaned_notes: [{ limit: 1000 }, { exclude_folders: [HIDDEN], limit: 1000 }],
  search_and_replace: [{ pattern: 'Varroa', replacement: 'VARROA' }],
  rename_tag: [
    { from: 'apiary', to: 'bees' },
    { from: 'secret-tag', to: 'x', dryRun: false },
    { from: 'apiary', to: 'bees', dryRun: false },
  ],
  get_canvas: [{ path: CANVAS }],
  get_active_file: [{}],
  show_file_in_obsidian: [{ filename: H }, { filename: V }],
  update_active_file: [
    { content: '# Soil and compost\n\nSee [[Varroa treatment]] and [[Overwintering]].\n' },
  ],
  append_to_active_file: [{ content: 'appended #apiary/inspection' }],
  patch_active_file: [
    { operation: 'append', targetType: 'heading', target: 'Soil and compost', content: 'patched' },
  ],
  create_vault_file: [
    { path: 'Diff/new.md', content: '# New\n[[Varroa treatment]] [[Hive Clover]]' },
  ],
  create_vault_binary_file: [{ path: 'Diff/b.bin', content: 'AAEC' }],
  append_to_vault_file: [{ path: 'Diff/new.md', content: 'more' }],
  replace_in_vault_file: [
    { path: H, oldText: 'Varroa', newText: 'x' },
    { path: 'Diff/new.md', oldText: 'more', newText: 'more [[Varroa treatment]]' },
  ],
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
  update_note_tags: [
    { path: H, add: ['x'], remove: ['apiary'] },
    { path: 'Diff/new.md', add: ['diff', 'apiary'], remove: ['secret-tag'] },
  ],
  list_tasks: [{ status: 'any', limit: 1000 }, { scope: HIDDEN }, { tag: 'apiary', status: 'any' }],
  set_task_status: [
    { path: H, line: 0, status: 'done' },
    { path: 'Garden/Garden plan 2026.md', line: 50, status: 'done' },
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
  append_to_periodic_note: [{ content: 'daily entry [[Varroa treatment]]', date: '2026-01-02' }],
  add_canvas_node: [
    { path: 'Diff/c.canvas', type: 'file', file: H },
    { path: 'Diff/c.canvas', type: 'text', text: 'hello', x: 0, y: 0 },
  ],
  connect_canvas_nodes: [{ path: 'Diff/c.canvas', fromNode: 'a', toNode: 'b' }],
  list_obsidian_commands: [{}],
  fetch: [{ url: 'http://127.0.0.1/' }],
  delete_active_file: [{}],
  edit_vault_files: [
    {
      operations: [
        { op: 'create', path: 'Diff/batch.md', content: '# Batch' },
        { op: 'append', path: 'Diff/batch.md', content: '[[Boolean Combinations]]' },
      ],
    },
    {
      operations: [
        { op: 'create', path: 'Diff/never.md', content: 'x' },
        { op: 'delete', path: H },
      ],
    },
  ],
  list_changes: [{}, { path: H }, { path: HIDDEN }, { path: 'Diff' }],
  get_note_history: [{ path: H }, { path: 'Diff/renamed.md' }, { path: 'Diff/batch.md' }],
  get_note_version: [
    { path: H, changeId: 'no-such-change' },
    { path: 'Diff/batch.md', changeId: 'no-such-change' },
  ],
  compare_note_versions: [
    { path: H, from: 'no-such-change' },
    { path: 'Diff/batch.md', from: 'no-such-change', to: 'no-such-change' },
  ],
  undo_change: [{ id: 'no-such-change' }],
  redo_change: [{ id: 'no-such-change' }],
  restore_note_version: [{ path: H, change: 'no-such-change' }],
  save_note_version: [{ path: H, label: 'pinned' }, { path: V }],
};

/** Refused while any folder is hidden, whatever the arguments. */
const UNFILTERABLE: Record<string, Args> = {
  execute_dataview_query: { query: 'LIST FROM "Apiary"' },
  execute_template: { templatePath: 'Templates/Daily note.md' },
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
/** Canvas node ids are random by design (as Obsidian's); so are change ids, times and token ids. */
const VOLATILE_FOR: Record<string, string[]> = {
  add_canvas_node: ['id'],
  list_changes: ['id', 'time', 'tokenId', 'undoneBy', 'undoes'],
  get_note_history: ['change', 'time'],
};

function stable(value: unknown, volatile: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => stable(item, volatile));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !volatile.has(key))
      .map(([key, inner]) => [key, stable(inner, volatile)]),
  );
}

/**
 * The one difference known and not yet fixed: find_broken_links names a canvas's card of a hidden
 * file by the file's basename (`Apiary`), where the deleted vault names the card's path
 * (`Apiary/Apiary.md`). The guard sees a canvas's link counts, not its text
 * (tool-policy/services/hidden-folders/visible-links.ts), so it cannot tell a file card from a
 * wikilink in a text card. Applied to the deleted side's results, and checked on its own below to
 * still hold, so this entry has to go once the guard learns canvas texts.
 */
const CANVAS_CARD = { path: 'Apiary/Apiary.md', basename: 'Apiary' };
function withKnownDifference(name: string, outcome: unknown): unknown {
  if (name !== 'find_broken_links') return outcome;
  const card = JSON.stringify({ link: CANVAS_CARD.path, kind: 'canvas' });
  const named = JSON.stringify({ link: CANVAS_CARD.basename, kind: 'canvas' });
  return JSON.parse(JSON.stringify(outcome).replaceAll(card, named)) as unknown;
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
    'See [[Home]] and [[Inbox]] #secret-tag\n',
  );
  hidden = await startTestServer(withFolder);
  await hidden.settings.updateSlice('hiddenFolders', () => [HIDDEN]);
  const withoutFolder = await copyVault();
  await rm(join(withoutFolder.root, HIDDEN), { recursive: true });
  deleted = await startTestServer(withoutFolder);
  hiddenClient = await hidden.connect('modern');
  deletedClient = await deleted.connect('modern');
  // get_server_info reports a build's progress, which would differ between the two servers.
  await Promise.all([indexBuilt(hiddenClient), indexBuilt(deletedClient)]);
});

/** Until the server's index is built: prompts/list is refused until then, and calls no tool. */
async function indexBuilt(client: Client): Promise<void> {
  await waitForValue(
    () =>
      client.listPrompts().then(
        () => true,
        () => undefined,
      ),
    'the index to be built',
  );
}
afterAll(async () => {
  await hidden.stop();
  await deleted.stop();
});

async function outcome(client: Client, name: string, args: Args): Promise<unknown> {
  // The semantic index builds in the background; wait for it rather than compare progress.
  const result = await waitForValue(
    async () => {
      const answer = await client.callTool({ name, arguments: args });
      const code = (answer.structuredContent as { code?: string } | undefined)?.code;
      return code === 'index_building' ? undefined : answer;
    },
    `${name} to answer without index_building`,
    SEMANTIC_INDEX_BOUND_MS,
  );
  const volatile = new Set([...VOLATILE, ...(VOLATILE_FOR[name] ?? [])]);
  return { isError: result.isError === true, result: stable(result.structuredContent, volatile) };
}

describe('a hidden folder is indistinguishable from a deleted one', () => {
  test('every tool the server lists (exactly the registry) has cases or is a known unfilterable one', async () => {
    const listed = (await hiddenClient.listTools()).tools.map((tool) => tool.name);
    expect([...listed].sort()).toEqual(registryToolNames());
    const missing = listed.filter(
      (name) => CASES[name] === undefined && UNFILTERABLE[name] === undefined,
    );
    expect(missing).toEqual([]);
  });

  test(
    'every tool, call for call, gives the same result',
    async () => {
      for (const [name, calls] of Object.entries(CASES)) {
        for (const args of calls) {
          const [inHidden, inDeleted] = [
            await outcome(hiddenClient, name, args),
            withKnownDifference(name, await outcome(deletedClient, name, args)),
          ];
          expect({ name, args, outcome: inHidden }).toEqual({ name, args, outcome: inDeleted });
        }
      }
    },
    SEMANTIC_INDEX_BOUND_MS + 60_000,
  );

  test('every path argument of every tool, pointed into the hidden folder: reads answer as if it were deleted, writes fail and change nothing', async () => {
    const tools = (await hiddenClient.listTools()).tools as unknown as ListedTool[];
    for (const tool of tools.filter((candidate) => UNFILTERABLE[candidate.name] === undefined)) {
      for (const at of pathArguments(tool)) {
        for (const value of [H, HIDDEN, `${HIDDEN}/Hives`]) {
          const args = argumentsWith(tool, at, value);
          const call = { tool: tool.name, argument: describePath(at), value };
          if (tool.annotations?.readOnlyHint === true) {
            const [inHidden, inDeleted] = [
              await outcome(hiddenClient, tool.name, args),
              withKnownDifference(tool.name, await outcome(deletedClient, tool.name, args)),
            ];
            expect({ ...call, outcome: inHidden }).toEqual({ ...call, outcome: inDeleted });
          } else {
            const before = await snapshotVault(hidden.vault.root);
            const result = await hiddenClient.callTool({ name: tool.name, arguments: args });
            expect({ ...call, refused: result.isError === true }).toEqual({
              ...call,
              refused: true,
            });
            expect({ ...call, vault: await snapshotVault(hidden.vault.root) }).toEqual({
              ...call,
              vault: before,
            });
          }
        }
      }
    }
  }, 120_000);

  test('the known canvas-card difference still holds (remove CANVAS_CARD once it does not)', async () => {
    const canvasLinks = async (client: Client) => {
      const result = await client.callTool({ name: 'find_broken_links', arguments: {} });
      const notes = (result.structuredContent as { notes: { path: string; links: unknown[] }[] })
        .notes;
      return notes.find((note) => note.path === 'Maps/Garden layout.canvas')?.links;
    };
    expect(await canvasLinks(hiddenClient)).toContainEqual({
      link: CANVAS_CARD.basename,
      kind: 'canvas',
    });
    expect(await canvasLinks(deletedClient)).toContainEqual({
      link: CANVAS_CARD.path,
      kind: 'canvas',
    });
  });

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
