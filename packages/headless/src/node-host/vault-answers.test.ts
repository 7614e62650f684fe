/**
 * The vault-wide answers NodeHost maintains (node-answers.ts), and the hidden-folders guard's
 * filtered ones over them (visible-answers.ts), give exactly what the computed answers give
 * (one pass over the host's files, tags, links and notes) after each kind of change: NodeHost's
 * against the computed answers over NodeHost, the guard's with folders hidden against the
 * computed answers over the guard.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ForwardingHost } from '../../../obsidian-plugin/src/host/forwarding-host.ts';
import {
  ComputedAnswers,
  computedAnswers,
  releaseComputedAnswers,
  type VaultAnswers,
  type VaultHost,
} from '../../../obsidian-plugin/src/host/index.ts';
import { answersSnapshot } from '../../../obsidian-plugin/src/host/test-support/answers-snapshot.ts';
import { HiddenFoldersHost } from '../../../obsidian-plugin/src/features/tool-policy/index.ts';
import {
  registeredTool,
  runOk,
} from '../../../obsidian-plugin/src/features/mcp-tools/test-support/run-tool.ts';
import { copyVault, type TempVault } from '../test-support/index.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault | null = null;
let host: NodeHost | null = null;
const released: (() => void)[] = [];
afterEach(async () => {
  for (const release of released.splice(0)) release();
  await host?.close();
  await vault?.remove();
  host = null;
  vault = null;
});

/** The host with its answers computed from its other methods, as on a host keeping none. */
class ComputingHost extends ForwardingHost {
  override answers(): VaultAnswers {
    return computedAnswers(this);
  }
}

const CALLS: [tool: string, args: Record<string, unknown>][] = [
  ['get_vault_overview', { topTagsLimit: 100, recentFilesLimit: 100 }],
  ['get_recent_files', { limit: 3 }],
  ['list_tags', { limit: 1000 }],
  ['find_broken_links', { limit: 1 }],
  ['find_broken_links', { scope: 'Garden' }],
  ['search_vault_simple', { query: 'garden', limit: 1000 }],
  // A dry run reads the texts from the answers; the index gives each note's sections.
  ['search_and_replace', { pattern: 'garden|draft', replacement: 'x', flags: 'gi' }],
  ['search_and_replace', { pattern: '`', replacement: "'", includeFrontmatter: true }],
  ['search_and_replace', { pattern: 'not done|salt', replacement: 'x' }],
  ['list_vault_files', { directory: 'Garden', limit: 1000 }],
  ['get_backlinks', { path: 'Garden/Garden plan 2026.md' }],
];

async function toolAnswers(of: VaultHost): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const [tool, args] of CALLS) results.push(await runOk(registeredTool(tool), of, args));
  return results;
}

async function openVault(): Promise<NodeHost> {
  vault = await copyVault();
  host = await NodeHost.open(vault.root, { watch: false });
  return host;
}

/** Computed answers over `over`, released after the test (they follow its events). */
function computedOver(over: VaultHost): ComputedAnswers {
  const answers = new ComputedAnswers(over);
  released.push(() => answers.dispose());
  return answers;
}

describe('maintained vault-wide answers', () => {
  test('agree with the computed ones after every kind of change', async () => {
    const current = await openVault();
    const computing = new ComputingHost(current);
    released.push(() => releaseComputedAnswers(computing));
    const computed = computedOver(current);
    const expectSame = async () =>
      expect(await answersSnapshot(current.answers())).toEqual(await answersSnapshot(computed));
    const expectSameTools = async () =>
      expect(await toolAnswers(current)).toEqual(await toolAnswers(computing));
    await expectSame();
    await expectSameTools();
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
      await change(current);
      await expectSame();
    }
    await expectSameTools();
  }, 30_000);
});

/** A canvas with a card of a hidden note and a text card linking into the hidden folder. */
const PESTS_CANVAS = JSON.stringify({
  nodes: [
    { id: 'a', type: 'file', file: 'Garden/Pests/Blight.md', x: 0, y: 0, width: 9, height: 9 },
    {
      id: 'b',
      type: 'text',
      text: '[[Aphids]] and [[Slugs and snails]]',
      x: 0,
      y: 0,
      width: 9,
      height: 9,
    },
  ],
  edges: [],
});

describe("the guard's answers with folders hidden", () => {
  /** A top-level folder, and a nested one named in another case (hiding ignores case). */
  const HIDDEN = ['Archive', 'garden/pests'];
  /** Paths that fail as missing through the guard: inside the hidden folders. */
  const MISSING = ['Archive/2025/Season review 2025.md', 'Garden/Pests/Aphids.md', 'Nope.md'];

  test('are the inner answers, untouched, while nothing is hidden', async () => {
    const current = await openVault();
    expect(new HiddenFoldersHost(current, () => []).answers()).toBe(current.answers());
  });

  test('equal the computed answers over the guarded host, after edits inside and outside', async () => {
    const current = await openVault();
    const guard = new HiddenFoldersHost(current, () => HIDDEN);
    released.push(() => guard.close());
    const computed = computedOver(guard);
    const expectSame = async () =>
      expect(await answersSnapshot(guard.answers(), MISSING)).toEqual(
        await answersSnapshot(computed, MISSING),
      );
    expect(guard.answers()).not.toBe(current.answers());
    await expectSame();
    const changes: ((inner: NodeHost) => Promise<unknown>)[] = [
      // A hidden note first in path order spelling shared groups its way, and a group of its own.
      (inner) => inner.create('Archive/Aa first.md', '#Garden/Companion #Only-hidden\n'),
      // Links into the hidden folder: broken in the visible vault.
      (inner) => inner.create('Fresh/linker.md', '[[Aa first]] [[Aphids]] #fresh\n'),
      (inner) => inner.process('Archive/Aa first.md', (text) => `${text}#ROTATION\n`),
      // The first visible note after it spells the shared groups, then another way, then not.
      (inner) => inner.create('Archivf/first.md', '#GARDEN/companion\n'),
      (inner) => inner.process('Archivf/first.md', () => '#gArden/Companion\n'),
      (inner) => inner.process('Archivf/first.md', () => 'no tags now\n'),
      // A visible file sharing a hidden note's name takes the links it can (further away, so
      // the hidden one won them before), not those naming the hidden folder's path.
      (inner) => inner.create('Zz/Deeper/Than/Aphids.md', 'a visible twin\n'),
      (inner) => inner.create('Notes/twinned.md', '[[Aphids]] [[Pests/Aphids]] [[Blight]]\n'),
      (inner) => inner.create('Maps/Pests.canvas', PESTS_CANVAS),
      // Edits of a visible note: its broken links counted again alone, it leaves the list and
      // comes back; a canvas edited.
      (inner) => inner.process('Notes/twinned.md', () => 'no links now\n'),
      (inner) => inner.process('Notes/twinned.md', () => '[[Garden plan 2025]] [[Aphids]]\n'),
      (inner) => inner.process('Notes/twinned.md', (text) => `${text}[[Garden plan 2025]] #new\n`),
      (inner) => inner.process('Maps/Pests.canvas', (text) => text.replace('[[Aphids]]', 'no')),
      (inner) => inner.createBinary('Archive/newest.png', new Uint8Array([1])),
      (inner) => inner.createFolder('Archive/Empty'),
      (inner) => inner.create('Garden/Pests/Slugs.md', '#garden/companion [[Nowhere]]\n'),
      // Across the edge: a visible folder into a hidden one, and a hidden one out.
      (inner) => inner.renameFile('Fresh', 'Archive/Fresh'),
      (inner) => inner.renameFile('Archive/2025', 'Unhidden'),
      (inner) => inner.trashFile('Kitchen'),
      (inner) => inner.trashFile('Archive/Aa first.md'),
    ];
    for (const change of changes) {
      await change(current);
      await expectSame();
    }
  }, 30_000);
});
