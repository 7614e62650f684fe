/**
 * The registry sweep: every write tool, called for real over HTTP against a vault on disk, is
 * one journaled change; replaying the call with its idempotencyKey answers the first result and
 * changes nothing; undoing it gives back the vault byte for byte (files as Obsidian shows
 * them: the trash, which receives what an undo removes, and the plugin's own folder aside), and
 * redoing it gives back the after state byte for byte. A write tool added to the registry without
 * a case here fails the first test, so no write escapes the journal unnoticed.
 */
import { describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { revisionOf } from '@mcp-connector/shared';
import { allTools, metaTools } from '../../../../obsidian-plugin/src/features/mcp-tools/index.ts';
import { callOk } from '../../test-support/index.ts';
import {
  argumentsWith,
  pathArguments,
  requiredArgs,
  type ListedTool,
} from '../../test-support/tool-schemas.ts';
import {
  PIXEL,
  journalVault,
  listChanges,
  newestChange,
  startJournalServer,
  vaultState,
} from './test-support/journal-vault.ts';

type Args = Record<string, unknown>;
/** Arguments, or arguments made from the ids of the changes the setup made (oldest first). */
type ArgsOf = Args | ((changes: string[]) => Args);

interface Case {
  /** Calls made before the "before" state is taken. */
  setup?: [tool: string, args: ArgsOf][];
  args: ArgsOf;
}

const SHOW = (filename: string): [string, ArgsOf] => ['show_file_in_obsidian', { filename }];

const CASES: Record<string, Case[]> = {
  create_vault_file: [
    { args: { path: 'New/Deep/n.md', content: '# N\n\n[[Alpha]]\n' } },
    { args: { path: 'Notes/Bom.md', content: 'replaced' } },
  ],
  create_vault_binary_file: [
    { args: { path: 'Media/x.bin', content: 'AAECAw==' } },
    { args: { path: 'Archive/pic.png', content: 'AAEC', expectedRevision: revisionOf(PIXEL) } },
  ],
  append_to_vault_file: [
    { args: { path: 'Notes/Bom.md', content: 'appended' } },
    { args: { path: 'Fresh/f.md', content: 'first line' } },
  ],
  replace_in_vault_file: [
    { args: { path: 'Notes/Beta.md', oldText: 'a draft', newText: 'final' } },
    { args: { path: 'Notes/Bom.md', oldText: 'windows line', newText: 'one\ntwo' } },
  ],
  create_vault_directory: [{ args: { path: 'Dir/Sub/Leaf' } }],
  rename_vault_file: [
    { args: { from: 'Notes/Alpha.md', to: 'Moved/Alpha Prime.md' } },
    { args: { from: 'Archive', to: 'Attic/Archive' } },
  ],
  delete_vault_file: [{ args: { path: 'Notes/Bom.md' } }, { args: { path: 'Archive/pic.png' } }],
  delete_vault_directory: [{ args: { path: 'Archive', recursive: true } }],
  update_active_file: [{ setup: [SHOW('Notes/Bom.md')], args: { content: 'all new\n' } }],
  append_to_active_file: [{ setup: [SHOW('Notes/Gamma.md')], args: { content: 'tail' } }],
  patch_active_file: [
    {
      setup: [SHOW('Notes/Beta.md')],
      args: { operation: 'append', targetType: 'heading', target: 'Beta::Intro', content: 'more' },
    },
  ],
  delete_active_file: [{ setup: [SHOW('Notes/Gamma.md')], args: {} }],
  patch_vault_file: [
    {
      args: {
        path: 'Notes/Alpha.md',
        operation: 'replace',
        targetType: 'frontmatter',
        target: 'status',
        content: 'done',
      },
    },
    {
      args: {
        path: 'Notes/Bom.md',
        operation: 'append',
        targetType: 'heading',
        target: 'Bom',
        content: 'under it',
      },
    },
  ],
  set_note_property: [{ args: { path: 'Notes/Beta.md', key: 'rating', value: 5 } }],
  delete_note_property: [{ args: { path: 'Notes/Alpha.md', key: 'status' } }],
  update_note_tags: [
    { args: { path: 'Notes/Alpha.md', add: ['b'], remove: ['a'] } },
    { args: { path: 'Notes/Bom.md', add: ['windows'] } },
  ],
  set_task_status: [{ args: { path: 'Notes/Alpha.md', line: 9, status: 'done' } }],
  rename_heading: [{ args: { path: 'Notes/Beta.md', from: { text: 'Intro' }, to: 'Opening' } }],
  search_and_replace: [{ args: { pattern: 'draft', replacement: 'final', dry_run: false } }],
  rename_tag: [{ args: { from: 'a', to: 'b/c', dryRun: false } }],
  get_or_create_daily_note: [{ args: { date: '2026-01-02' } }],
  get_or_create_periodic_note: [{ args: { period: 'weekly', date: '2026-01-02' } }],
  append_to_periodic_note: [{ args: { content: 'entry', date: '2026-01-03' } }],
  add_canvas_node: [
    { args: { path: 'Board.canvas', type: 'text', text: 'three' } },
    { args: { path: 'Maps/New.canvas', type: 'file', file: 'Notes/Alpha.md' } },
  ],
  connect_canvas_nodes: [{ args: { path: 'Board.canvas', fromNode: 'a1', toNode: 'b2' } }],
  execute_template: [
    { args: { templatePath: 'Templates/Day.md', targetPath: 'Days/Monday.md', createFile: true } },
  ],
  edit_vault_files: [
    {
      args: {
        operations: [
          { op: 'create', path: 'Batch/one.md', content: '# One\n' },
          {
            op: 'patch',
            path: 'Batch/one.md',
            operation: 'append',
            targetType: 'heading',
            target: 'One',
            content: 'x',
          },
          { op: 'set_property', path: 'Notes/Beta.md', key: 'batch', value: true },
          { op: 'rename', path: 'Notes/Gamma.md', to: 'Batch/Gamma.md' },
          { op: 'delete', path: 'Archive/Old.md' },
          { op: 'replace', path: 'Notes/Bom.md', content: 'bom replaced' },
        ],
      },
    },
  ],
  undo_change: [
    {
      setup: [['append_to_vault_file', { path: 'Notes/Beta.md', content: 'to undo' }]],
      args: ([appended]) => ({ id: appended }),
    },
  ],
  redo_change: [
    {
      setup: [
        ['rename_vault_file', { from: 'Notes/Beta.md', to: 'Beta moved.md' }],
        ['undo_change', ([renamed]) => ({ id: renamed })],
      ],
      args: ([renamed]) => ({ id: renamed }),
    },
  ],
  restore_note_version: [
    {
      setup: [['create_vault_file', { path: 'Notes/Gamma.md', content: 'rewritten' }]],
      args: ([rewrite]) => ({ path: 'Notes/Gamma.md', change: rewrite }),
    },
  ],
};

/** Writes whose effects never pass the host, so the journal cannot record them. */
const OUTSIDE_THE_HOST: Record<string, string> = {
  execute_obsidian_command: 'Obsidian runs the command itself; its writes never pass the host',
};

/** Writes that journal a change yet touch no file, each with where it is tested. */
const JOURNAL_ONLY: Record<string, string> = {
  save_note_version:
    'it pins a version and writes nothing; change-pin.test.ts and changes.e2e.test.ts cover it',
};

const metaNames = new Set(metaTools.map((tool) => tool.name));
const writeTools = allTools.filter((tool) => !tool.annotations.readOnlyHint);

function argsOf(args: ArgsOf, changes: string[]): Args {
  return typeof args === 'function' ? args(changes) : args;
}

async function runSetup(client: Client, setup: Case['setup']): Promise<string[]> {
  const changes: string[] = [];
  for (const [tool, args] of setup ?? []) {
    await callOk(client, tool, argsOf(args, changes));
    if (writeTools.some((candidate) => candidate.name === tool))
      changes.push((await newestChange(client, tool)).id);
  }
  return changes;
}

describe('every write tool is journaled', () => {
  test('each write tool of the registry has a case here, or a reason it cannot be journaled', () => {
    for (const tool of writeTools) {
      expect({ tool: tool.name, journal: tool.journal }).toEqual({
        tool: tool.name,
        journal: OUTSIDE_THE_HOST[tool.name] === undefined ? 'vault' : 'outside',
      });
    }
    const uncovered = writeTools
      .map((tool) => tool.name)
      .filter(
        (name) =>
          CASES[name] === undefined &&
          OUTSIDE_THE_HOST[name] === undefined &&
          JOURNAL_ONLY[name] === undefined,
      );
    expect(uncovered).toEqual([]);
    expect([...metaNames].every((name) => !allTools.some((tool) => tool.name === name))).toBe(true);
  });

  for (const [tool, cases] of Object.entries(CASES)) {
    cases.forEach((sample, index) => {
      test(`${tool} #${index + 1}: a replay applies once, undo gives the vault back byte for byte, redo the after state`, async () => {
        const server = await startJournalServer(await journalVault());
        try {
          const { client, root } = server;
          const setupChanges = await runSetup(client, sample.setup);
          const before = await vaultState(root);
          const args = { ...argsOf(sample.args, setupChanges), idempotencyKey: `${tool}-${index}` };
          const first = await callOk(client, tool, args);
          const after = await vaultState(root);
          expect(after).not.toEqual(before);
          const changes = (await listChanges(client)).length;
          expect(await callOk(client, tool, args)).toEqual(first);
          expect(await vaultState(root)).toEqual(after);
          expect(await listChanges(client)).toHaveLength(changes);
          const change = await newestChange(client, tool);
          await callOk(client, 'undo_change', { id: change.id });
          expect(await vaultState(root)).toEqual(before);
          await callOk(client, 'redo_change', { id: change.id });
          expect(await vaultState(root)).toEqual(after);
        } finally {
          await server.stop();
        }
      });
    });
  }
});

describe('reads are never journaled', () => {
  test('every read-only tool and meta-tool, called on a note, leaves the journal empty', async () => {
    const server = await startJournalServer(await journalVault());
    try {
      const { client, root } = server;
      const before = await vaultState(root);
      const listed = (await client.listTools()).tools as ListedTool[];
      const reads = listed.filter(
        (tool) => tool.annotations?.readOnlyHint === true || metaNames.has(tool.name),
      );
      expect(reads.length).toBeGreaterThan(20);
      for (const tool of reads) {
        const [path] = pathArguments(tool);
        const args =
          path === undefined ? requiredArgs(tool) : argumentsWith(tool, path, 'Notes/Alpha.md');
        // Success or refusal alike: neither may leave a change behind.
        await client.callTool({ name: tool.name, arguments: args });
        expect({ tool: tool.name, changes: await listChanges(client) }).toEqual({
          tool: tool.name,
          changes: [],
        });
      }
      expect(await vaultState(root)).toEqual(before);
    } finally {
      await server.stop();
    }
  });
});
