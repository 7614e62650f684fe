/**
 * The journal over ObsidianHost (the plugin's adapter, over the simulated Obsidian), where link
 * rewrites, frontmatter and the trash are Obsidian's own: each tool call undoes byte for byte
 * and redoes, and a failed batch is rolled back. The registry-wide sweep runs headless.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { defaultChangeJournalSettings } from '@mcp-connector/shared';
import { join } from 'node:path';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../host/test-support/test-host.ts';
import { callTool } from '../../mcp-tools/index.ts';
import { contextFor, registeredTool } from '../../mcp-tools/test-support/run-tool.ts';
import { HiddenFoldersHost } from '../../tool-policy/index.ts';
import { ANY_TOOL } from './change-access.ts';
import { ChangeJournal } from './change-journal.ts';

let vault: TestHost | null = null;
let journal: ChangeJournal | null = null;
afterEach(async () => {
  await journal?.close();
  await vault?.close();
  journal = null;
  vault = null;
});

const FILES = {
  '.obsidian/app.json': '{"trashOption": "local", "alwaysUpdateLinks": true}',
  'Notes/A.md': '---\nstatus: draft\n---\n# A\n\nSee [[B]].\n',
  'Notes/B.md': '# B\n',
  'Folder/x.md': 'x\n',
  'Folder/Inner/y.md': 'y\n',
};

async function open() {
  vault = await openTestHost(FILES);
  const host = new HiddenFoldersHost(vault.host, () => []);
  journal = await ChangeJournal.open({
    folder: join(vault.root, '.obsidian', 'plugins', 'local-mcp-server', 'change-journal'),
    host,
    unguardedHost: vault.host,
    settings: defaultChangeJournalSettings,
    isHidden: () => false,
  });
  const changes = journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL);
  const call = async (name: string, args: Record<string, unknown>) =>
    callTool(registeredTool(name), args, contextFor(host, {}, { changes }));
  const state = async () =>
    Object.fromEntries(
      Object.entries(await snapshotVault(vault?.root ?? '')).filter(
        ([path]) => !path.startsWith('.trash'),
      ),
    );
  return { changes, call, state };
}

describe('the change journal over ObsidianHost', () => {
  test.each([
    ['rename_vault_file', { from: 'Notes/B.md', to: 'Moved/B2.md' }],
    ['set_note_property', { path: 'Notes/A.md', key: 'status', value: 'done' }],
    ['delete_vault_directory', { path: 'Folder', recursive: true }],
    ['create_vault_file', { path: 'New/n.md', content: '# N' }],
  ])('%s: undo gives the vault back byte for byte, redo the after state', async (tool, args) => {
    const { changes, call, state } = await open();
    const before = await state();
    expect((await call(tool, args)).isError).toBeUndefined();
    const after = await state();
    expect(after).not.toEqual(before);
    const [change] = await changes.list({});
    expect(change?.tool).toBe(tool);
    await changes.undo(change?.id as string);
    expect(await state()).toEqual(before);
    await changes.redo(change?.id as string);
    expect(await state()).toEqual(after);
  });

  test('a failing batch is rolled back and journals nothing', async () => {
    const { changes, call, state } = await open();
    const before = await state();
    const result = await call('edit_vault_files', {
      operations: [
        { op: 'rename', path: 'Notes/B.md', to: 'Moved/B2.md' },
        { op: 'delete_property', path: 'Notes/A.md', key: 'status' },
        {
          op: 'patch',
          path: 'Notes/A.md',
          operation: 'append',
          targetType: 'heading',
          target: 'Nowhere',
          createTargetIfMissing: false,
          content: 'x',
        },
      ],
    });
    expect(result.structuredContent).toMatchObject({
      code: 'heading_not_found',
      details: { operation: 3 },
    });
    expect(await state()).toEqual(before);
    expect(await changes.list({})).toEqual([]);
  });
});
