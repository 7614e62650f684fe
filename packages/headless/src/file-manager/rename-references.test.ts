/**
 * Link-aware renames through NodeHost.renameFile, on vaults built on disk: after renaming a note
 * or a folder linked in every supported way, the link graph is the old one mapped through the
 * rename (nothing broken, nothing redirected) and every file on disk is byte for byte the
 * expected text. Then the settings: alwaysUpdateLinks off, useMarkdownLinks, each newLinkFormat;
 * and the edges: a name that makes `shortest` ambiguous, a case-only rename.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import type { LinkCounts } from '@mcp-connector/obsidian-plugin/host';
import { ToolError } from '@mcp-connector/shared';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeHost } from '../node-host/node-host.ts';
import {
  TASKS_DEMO,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
} from '@mcp-connector/shared/test-support';
import { TEST_VAULT, buildVault, copyVault, type TempVault } from '../test-support/temp-vault.ts';

type Files = Record<string, string>;

let opened: { host: NodeHost; vault: TempVault } | null = null;

afterEach(async () => {
  await opened?.host.close();
  await opened?.vault.remove();
  opened = null;
});

async function open(files: Files): Promise<{ host: NodeHost; root: string }> {
  const vault = await buildVault(files);
  const host = await NodeHost.open(vault.root, { watch: false });
  opened = { host, vault };
  return { host, root: vault.root };
}

/** Every file under the vault folder (the config folder too), as text. */
async function filesOnDisk(root: string, folder = ''): Promise<Files> {
  const files: Files = {};
  for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, await filesOnDisk(root, path));
    else files[path] = await readFile(join(root, path), 'utf8');
  }
  return files;
}

function renamer(from: string, to: string): (path: string) => string {
  return (path) =>
    path === from ? to : path.startsWith(`${from}/`) ? to + path.slice(from.length) : path;
}

function plain(counts: LinkCounts): Record<string, Record<string, number>> {
  return JSON.parse(JSON.stringify(counts)) as Record<string, Record<string, number>>;
}

function mapGraph(counts: LinkCounts, move: (path: string) => string, targetsToo: boolean) {
  const mapped: Record<string, Record<string, number>> = {};
  for (const [source, targets] of Object.entries(plain(counts))) {
    mapped[move(source)] = Object.fromEntries(
      Object.entries(targets).map(([target, count]) => [targetsToo ? move(target) : target, count]),
    );
  }
  return mapped;
}

/** Renames through the host and checks the graph survived; returns the files on disk. */
async function renameKeepingLinks(files: Files, from: string, to: string): Promise<Files> {
  const { host, root } = await open(files);
  await expectGraphKept(host, from, to);
  return filesOnDisk(root);
}

async function expectGraphKept(host: NodeHost, from: string, to: string): Promise<void> {
  const move = renamer(from, to);
  const resolved = mapGraph(host.resolvedLinks(), move, true);
  const unresolved = mapGraph(host.unresolvedLinks(), move, false);
  await host.renameFile(from, to);
  expect(plain(host.resolvedLinks())).toEqual(resolved);
  expect(plain(host.unresolvedLinks())).toEqual(unresolved);
}

async function errorCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof ToolError ? error.code : String(error);
  }
}

const lines = (...text: string[]): string => text.join('\n');

const CANVAS = (file: string, text: string): string =>
  JSON.stringify(
    {
      nodes: [
        { id: 'a1', type: 'file', file, subpath: '#Goals', x: 0, y: 0, width: 400, height: 300 },
        { id: 'b2', type: 'text', text, x: 500, y: 0, width: 250, height: 60, color: '4' },
        { id: 'c3', type: 'file', file: 'Other/Project Plan.md', x: 0, y: 400 },
      ],
      edges: [{ id: 'e1', fromNode: 'a1', fromSide: 'right', toNode: 'b2', toSide: 'left' }],
    },
    null,
    '\t',
  );

/** A vault whose note "Projects/Project Plan.md" is linked in every way Obsidian records. */
const LINKED_VAULT: Files = {
  'Home.md': lines(
    '---',
    'up: "[[Projects/Project Plan]]"',
    'related:',
    '  - "[[Projects/Project Plan|the plan]]"',
    "  - '[[Projects/Project Plan#Goals]]'",
    '  - "[[Other/Project Plan]]"',
    'note: "see [[Projects/Project Plan]]"',
    '---',
    '# Home',
    '- wikilink [[Projects/Project Plan]] and alias [[Projects/Project Plan|our plan]]',
    '- heading [[Projects/Project Plan#Goals]], block [[Projects/Project Plan#^goal1|goal]]',
    '- embed ![[Projects/Project Plan#Goals]]',
    '- markdown [The plan](Projects/Project%20Plan.md) and [goals](Projects/Project%20Plan.md#Goals "Title")',
    '- markdown embed ![plan](Projects/Project%20Plan.md) and angle [plan](<Projects/Project Plan.md>)',
    '',
    '| table | [[Projects/Project Plan\\|plan]] |',
    '| ----- | ----- |',
    '',
    '- untouched: [[Other/Project Plan]], ![[diagram.png]], [[Missing note]], [site](https://example.com)',
    '',
    '```',
    '[[Projects/Project Plan]] in code is text',
    '```',
    '',
  ),
  'Projects/Project Plan.md': lines(
    '# Project Plan',
    'Siblings [[./Budget]] and [budget](./Budget.md) and [[Budget]]; up [[../Home]].',
    'Self [[#Goals]] and [[Project Plan#Goals]].',
    '## Goals',
    'Ship it. ^goal1',
    '',
  ),
  'Projects/Tasks.md': 'Same folder: [[Project Plan]] and [[Budget]].\r\nWindows line endings.\r\n',
  'Projects/Budget.md': 'Numbers.\n',
  'Projects/diagram.png': 'png',
  'Other/Project Plan.md': 'The other plan.\n',
  'Other/Index.md': 'Here: [[Project Plan]] and [[Other/Project Plan]].\n',
  'Board.canvas': CANVAS('Projects/Project Plan.md', 'See [[Projects/Project Plan]]\nand more'),
};

describe('renaming a note linked in every supported way', () => {
  test('rewrites exactly the links that would break or be redirected', async () => {
    const files = await renameKeepingLinks(
      LINKED_VAULT,
      'Projects/Project Plan.md',
      'Archive/Road Map.md',
    );
    const expected: Files = {
      ...LINKED_VAULT,
      'Home.md': lines(
        '---',
        'up: "[[Road Map]]"',
        'related:',
        '  - "[[Road Map|the plan]]"',
        "  - '[[Road Map#Goals]]'",
        '  - "[[Other/Project Plan]]"',
        'note: "see [[Projects/Project Plan]]"',
        '---',
        '# Home',
        '- wikilink [[Road Map]] and alias [[Road Map|our plan]]',
        '- heading [[Road Map#Goals]], block [[Road Map#^goal1|goal]]',
        '- embed ![[Road Map#Goals]]',
        '- markdown [The plan](Road%20Map.md) and [goals](Road%20Map.md#Goals "Title")',
        '- markdown embed ![plan](Road%20Map.md) and angle [plan](<Road Map.md>)',
        '',
        '| table | [[Road Map\\|plan]] |',
        '| ----- | ----- |',
        '',
        '- untouched: [[Other/Project Plan]], ![[diagram.png]], [[Missing note]], [site](https://example.com)',
        '',
        '```',
        '[[Projects/Project Plan]] in code is text',
        '```',
        '',
      ),
      'Archive/Road Map.md': lines(
        '# Project Plan',
        'Siblings [[../Projects/Budget]] and [budget](../Projects/Budget.md) and [[Budget]]; up [[../Home]].',
        'Self [[#Goals]] and [[Road Map#Goals]].',
        '## Goals',
        'Ship it. ^goal1',
        '',
      ),
      'Projects/Tasks.md': 'Same folder: [[Road Map]] and [[Budget]].\r\nWindows line endings.\r\n',
      'Board.canvas': CANVAS('Archive/Road Map.md', 'See [[Road Map]]\nand more'),
    };
    delete expected['Projects/Project Plan.md'];
    expect(files).toEqual(expected);
  });

  test('renaming its folder rewrites only what the new folder breaks', async () => {
    const files = await renameKeepingLinks(LINKED_VAULT, 'Projects', 'Work/Current');
    const home = LINKED_VAULT['Home.md'] as string;
    const expected: Files = {
      'Home.md': home
        .replaceAll('[[Projects/Project Plan', '[[Work/Current/Project Plan')
        .replaceAll('(Projects/Project%20Plan.md', '(Work/Current/Project%20Plan.md')
        .replace('(<Projects/Project Plan.md>)', '(<Work/Current/Project Plan.md>)')
        .replace(
          'note: "see [[Work/Current/Project Plan]]"',
          'note: "see [[Projects/Project Plan]]"',
        )
        .replace(
          '[[Work/Current/Project Plan]] in code is text',
          '[[Projects/Project Plan]] in code is text',
        ),
      'Work/Current/Project Plan.md': (LINKED_VAULT['Projects/Project Plan.md'] as string).replace(
        'up [[../Home]]',
        'up [[../../Home]]',
      ),
      'Work/Current/Tasks.md': LINKED_VAULT['Projects/Tasks.md'] as string,
      'Work/Current/Budget.md': 'Numbers.\n',
      'Work/Current/diagram.png': 'png',
      'Other/Project Plan.md': 'The other plan.\n',
      'Other/Index.md': LINKED_VAULT['Other/Index.md'] as string,
      'Board.canvas': CANVAS(
        'Work/Current/Project Plan.md',
        'See [[Work/Current/Project Plan]]\nand more',
      ),
    };
    expect(files).toEqual(expected);
  });
});

describe('settings', () => {
  const vault = (appJson: object): Files => ({
    '.obsidian/app.json': JSON.stringify(appJson),
    'Sub/Deep/Note.md': 'W [[Old]] and M [x](Old.md#Top) and E ![[Old|e]]\n',
    'Old.md': '# Top\n',
  });

  test('alwaysUpdateLinks false moves the file and touches no link', async () => {
    const files = vault({ alwaysUpdateLinks: false });
    const { host, root } = await open(files);
    await host.renameFile('Old.md', 'Archive/New name.md');
    const expected: Files = { ...files, 'Archive/New name.md': '# Top\n' };
    delete expected['Old.md'];
    expect(await filesOnDisk(root)).toEqual(expected);
    expect(plain(host.unresolvedLinks())['Sub/Deep/Note.md']).toEqual({ Old: 2, 'Old.md': 1 });
  });

  const NOTE_AFTER: Record<string, string> = {
    shortest: 'W [[New name]] and M [x](New%20name.md#Top) and E ![[New name|e]]\n',
    relative:
      'W [[../../Archive/New name]] and M [x](../../Archive/New%20name.md#Top) and E ![[../../Archive/New name|e]]\n',
    absolute:
      'W [[Archive/New name]] and M [x](Archive/New%20name.md#Top) and E ![[Archive/New name|e]]\n',
  };
  const cases = Object.keys(NOTE_AFTER).flatMap((format) =>
    [false, true].map((useMarkdownLinks) => ({ format, useMarkdownLinks })),
  );

  test.each(cases)(
    'newLinkFormat $format (useMarkdownLinks $useMarkdownLinks): each link keeps its own style',
    async ({ format, useMarkdownLinks }) => {
      const files = await renameKeepingLinks(
        vault({ newLinkFormat: format, useMarkdownLinks }),
        'Old.md',
        'Archive/New name.md',
      );
      expect(files['Sub/Deep/Note.md']).toBe(NOTE_AFTER[format] as string);
    },
  );
});

describe('edge cases', () => {
  test('a new name that makes the shortest name ambiguous gets full paths', async () => {
    const files = await renameKeepingLinks(
      {
        'Archive/topic.md': '',
        'draft.md': '',
        'Projects/plan.md': 'Was [[topic]], is [[draft]].\n',
        'index.md': 'Root [[topic]] and [[draft]].\n',
      },
      'draft.md',
      'Projects/topic.md',
    );
    expect(files['Projects/plan.md']).toBe('Was [[Archive/topic]], is [[Projects/topic]].\n');
    expect(files['index.md']).toBe('Root [[topic]] and [[Projects/topic]].\n');
  });

  test('a case-only rename leaves links that still resolve alone', async () => {
    const vault: Files = {
      'note.md': 'Self [[note#A]].\n',
      'a.md': 'See [[note]], [n](note.md) and ![[note#A]].\n',
      'b.canvas': '{"nodes":[{"id":"1","type":"file","file":"note.md","x":0,"y":0}]}',
    };
    const files = await renameKeepingLinks(vault, 'note.md', 'Note.md');
    expect(files).toEqual({
      'Note.md': 'Self [[note#A]].\n',
      'a.md': vault['a.md'] as string,
      'b.canvas': '{"nodes":[{"id":"1","type":"file","file":"Note.md","x":0,"y":0}]}',
    });
  });

  test('an attachment keeps its extension in wikilinks and is encoded in markdown embeds', async () => {
    const files = await renameKeepingLinks(
      { 'img/pic.png': 'png', 'a.md': '![[pic.png]] ![](img/pic.png) ![[img/pic.png|200]]\n' },
      'img/pic.png',
      'media/Pic 2.png',
    );
    expect(files['a.md']).toBe('![[Pic 2.png]] ![](Pic%202.png) ![[Pic 2.png|200]]\n');
  });

  test('a link that did not resolve before is left alone when the new name resolves it', async () => {
    const { host, root } = await open({ 'a.md': 'Future [[b]], now [[old]].\n', 'old.md': '' });
    await host.renameFile('old.md', 'b.md');
    expect(await filesOnDisk(root)).toEqual({ 'a.md': 'Future [[b]], now [[b]].\n', 'b.md': '' });
    expect(plain(host.resolvedLinks())['a.md']).toEqual({ 'b.md': 2 });
  });

  test('errors: a missing source is not_found, a taken name already_exists', async () => {
    const { host } = await open({ 'a.md': '', 'b.md': '' });
    expect(await errorCode(host.renameFile('missing.md', 'c.md'))).toBe('not_found');
    expect(await errorCode(host.renameFile('a.md', 'B.md'))).toBe('already_exists');
  });
});

/** Renames the given paths one after another in a copy of `source`, each keeping the graph. */
async function renameAllKeepingLinks(
  source: string,
  renames: [string, string][],
): Promise<NodeHost> {
  const vault = await copyVault(source);
  const host = await NodeHost.open(vault.root, { watch: false });
  opened = { host, vault };
  for (const [from, to] of renames) await expectGraphKept(host, from, to);
  return host;
}

describe('a long rename', () => {
  const linking: Files = { 'Target.md': '# T\n' };
  for (let index = 0; index < 4; index++) linking[`n${index}.md`] = '[[Target]]\n';
  const linksIn = async (root: string, link: string) =>
    Object.values(await filesOnDisk(root)).filter((text) => text.includes(link)).length;

  test('reports each file it looked at, of all of them', async () => {
    const { host } = await open(linking);
    const heard: [number, number][] = [];
    await host.renameFile('Target.md', 'Goal.md', {
      onProgress: (done, total) => heard.push([done, total]),
    });
    const total = heard[0]?.[1] ?? 0;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(heard).toEqual(Array.from({ length: total }, (_, index) => [index + 1, total]));
  });

  test('stops between two files when its signal aborts, with the reason', async () => {
    const { host, root } = await open(linking);
    const stop = new AbortController();
    const reason = new ToolError('cancelled', 'stopped');
    const thrown: unknown = await host
      .renameFile('Target.md', 'Goal.md', {
        onProgress: (done) => {
          if (done === 3) stop.abort(reason);
        },
        signal: stop.signal,
      })
      .catch((error: unknown) => error);
    expect(thrown).toBe(reason);
    expect(await linksIn(root, '[[Goal]]')).toBeGreaterThan(0);
    expect(await linksIn(root, '[[Target]]')).toBeGreaterThan(0);
  });
});

describe('the test vault', () => {
  test('renaming its most linked notes, a note that shares its name, an attachment and a folder keeps its whole link graph', async () => {
    const host = await renameAllKeepingLinks(TEST_VAULT, [
      ['Apiary/Hives/Hive Clover.md', 'Renamed/Clover (hive 1).md'],
      ['Garden/Plants/Tomato.md', 'Garden/Plants/Tomato (Solanum).md'],
      ['Projects/Greenhouse build/Budget.md', 'Projects/Greenhouse build/Greenhouse budget.md'],
      ['Attachments/hive-frame.png', 'Attachments/Hive frame 2.png'],
      ['Garden/Plants', 'Moved/Crops'],
    ]);
    expect(await host.read('Apiary/Hives/Hive Heather.md')).toContain(
      'origin: "[[Clover (hive 1)]]"',
    );
    // Markdown links are rewritten in the vault's newLinkFormat (shortest), keeping their style.
    const companions = await host.read('Garden/Companion planting.md');
    expect(companions).toContain('[Tomato companions](Tomato%20(Solanum).md#Companions)');
    expect(companions).toContain('[Borage](<Borage.md>)');
  });
});

describeWithSharedData('the real tasks-demo vault', [TASKS_DEMO_VAULT], () => {
  test('renaming its most linked notes, an attachment and a folder keeps its whole link graph', async () => {
    const host = await renameAllKeepingLinks(TASKS_DEMO, [
      ['Test Data/multiple_headings.md', 'Renamed/multiple headings (v2).md'],
      ['Test Data/link_in_yaml.md', 'Other/link in yaml.md'],
      ['Test Data/all_link_types.md', 'Renamed/All link types.md'],
      ['Test Attachments/a_pdf_file.pdf', 'Renamed/A pdf.pdf'],
      ['Test Data', 'Moved/Test Data 2'],
    ]);
    expect(await host.read('Moved/Test Data 2/links_everywhere.md')).toContain(
      'link-in-frontmatter: "[[link in yaml]]"',
    );
  });
});
