/**
 * The vault-wide answers NodeHost maintains (file counts, notes per top-level folder, the newest
 * files, the tag tally, the broken-link counts, the notes' texts) give exactly what one pass
 * over the vault gives, after each kind of change. The pass is what the tools compute when the host offers no
 * aggregates: behind the hidden-folders guard with a hidden folder that does not exist, which
 * shows the same vault.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { HiddenFoldersHost } from '../../../obsidian-plugin/src/features/tool-policy/index.ts';
import {
  registeredTool,
  runOk,
} from '../../../obsidian-plugin/src/features/mcp-tools/test-support/run-tool.ts';
import { copyVault, type TempVault } from '../test-support/index.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault | null = null;
let host: NodeHost | null = null;
afterEach(async () => {
  await host?.close();
  await vault?.remove();
  host = null;
  vault = null;
});

const CALLS: [tool: string, args: Record<string, unknown>][] = [
  ['get_vault_overview', { topTagsLimit: 100, recentFilesLimit: 100 }],
  ['get_recent_files', { limit: 100 }],
  ['get_recent_files', { limit: 3 }],
  ['list_tags', { limit: 1000 }],
  ['find_broken_links', { limit: 1000 }],
  ['find_broken_links', { limit: 1 }],
  // A dry run reads the index's texts where the host has them, else each note from the disk.
  ['search_and_replace', { pattern: 'garden|draft', replacement: 'x', flags: 'gi' }],
  ['search_and_replace', { pattern: '`', replacement: "'", includeFrontmatter: true }],
  // Words inside and outside code blocks: the index gives each note's sections from its metadata.
  ['search_and_replace', { pattern: 'not done|salt', replacement: 'x' }],
];

async function answers(of: NodeHost | HiddenFoldersHost): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const [tool, args] of CALLS) results.push(await runOk(registeredTool(tool), of, args));
  return results;
}

async function expectOnePassAnswers(current: NodeHost): Promise<void> {
  expect(current.indexed()).not.toBeNull();
  const onePass = new HiddenFoldersHost(current, () => ['No such folder']);
  expect(onePass.indexed()).toBeNull();
  expect(await answers(current)).toEqual(await answers(onePass));
}

describe('maintained vault-wide answers', () => {
  test('agree with one pass over the vault after every kind of change', async () => {
    vault = await copyVault();
    host = await NodeHost.open(vault.root, { watch: false });
    await expectOnePassAnswers(host);
    const changes: ((current: NodeHost) => Promise<unknown>)[] = [
      (current) => current.create('Fresh/Deep/new.md', '#fresh/tag [[Nowhere]] [[Nowhere]]\n'),
      (current) => current.createBinary('Fresh/pic.png', new Uint8Array([1, 2, 3])),
      (current) => current.process('Fresh/Deep/new.md', (text) => `${text}[[Also missing]]\n`),
      (current) => current.createFolder('Empty/Inside'),
      (current) => current.renameFile('Fresh', 'Renamed'),
      (current) => current.create('root-note.md', 'at the root [[Nowhere]]\n'),
      (current) => current.renameFile('root-note.md', 'Renamed/moved.md'),
      (current) => current.trashFile('Renamed/Deep/new.md'),
      (current) => current.trashFile('Empty'),
    ];
    for (const change of changes) {
      await change(host);
      await expectOnePassAnswers(host);
    }
  });
});
