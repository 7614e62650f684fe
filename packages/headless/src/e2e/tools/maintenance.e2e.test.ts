/**
 * The maintenance tools end to end: the real headless server on a temp copy of the test vault,
 * the official SDK client. Expected values come from the vault files (grep, reading the notes):
 * the vault's five links to nowhere (docs/test-vault.md); the 21 daily notes each hold one
 * `due on <date>` line, inside a tasks code block; "## Salt ratios" in Fermentation basics is
 * linked from a wikilink in Inbox.md and a markdown link in Sauerkraut.md. When the tasks-demo
 * vault and its Obsidian capture are beside the repository, find_broken_links must also agree
 * with the unresolvedLinks real Obsidian captured, for every note present in both.
 * Read-only checks run first; each write is checked byte for byte against a snapshot.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CAPTURED_FIXTURES,
  CAPTURED_METADATA,
  TASKS_DEMO,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
} from '@mcp-connector/shared/test-support';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  copyVault,
  readOnlyClient,
  snapshotVault,
  startTestServer,
  whileHidden,
  type McpTestServer,
} from '../../test-support/index.ts';

type LinkCounts = Record<string, Record<string, number>>;

interface BrokenNote {
  path: string;
  links: { link: string; kind: string; line?: number }[];
}

/** Notes whose text changed since the capture, so their links cannot match it (none so far). */
const KNOWN_DIFFERENCES: Record<string, string> = {};

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** A note's revision, as the tools compute it: the first 16 hex digits of its SHA-256. */
const revisionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const paths = (list: unknown) => (list as { path: string }[]).map((entry) => entry.path);

/** What changed between two snapshots: the paths whose bytes differ. */
function changedPaths(before: Record<string, string>, after: Record<string, string>): string[] {
  const all = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...all].filter((path) => before[path] !== after[path]).sort();
}

describeWithSharedData(
  'find_broken_links on tasks-demo, against Obsidian',
  [TASKS_DEMO_VAULT, CAPTURED_METADATA],
  () => {
    let demo: McpTestServer;
    beforeAll(async () => {
      demo = await startTestServer(await copyVault(TASKS_DEMO));
    });
    afterAll(() => demo.stop());

    test('agrees with the unresolvedLinks Obsidian captured, note by note', async () => {
      const captured = JSON.parse(
        await readFile(join(CAPTURED_FIXTURES, 'unresolvedLinks.json'), 'utf8'),
      ) as LinkCounts;
      const demoClient = await demo.connect('modern');
      const result = await callOk(demoClient, 'find_broken_links', { limit: 1000 });
      const ours: LinkCounts = {};
      for (const note of result.notes as BrokenNote[]) {
        const counts: Record<string, number> = {};
        for (const { link } of note.links) {
          const linkpath = link.split('#')[0] as string;
          counts[linkpath] = (counts[linkpath] ?? 0) + 1;
        }
        ours[note.path] = counts;
      }
      const inBoth = [];
      for (const path of Object.keys(captured)) {
        const exists = await demo.readText(path).then(
          () => true,
          () => false,
        );
        if (!exists) continue;
        inBoth.push(path);
        if (KNOWN_DIFFERENCES[path] === undefined) {
          expect({ path, links: ours[path] ?? {} }).toEqual({ path, links: captured[path] ?? {} });
        } else {
          expect(ours[path] ?? {}).not.toEqual(captured[path] ?? {});
        }
      }
      expect(inBoth.length).toBeGreaterThanOrEqual(200);
      // Every note we list was captured too, so the comparison covered all of them.
      for (const path of Object.keys(ours)) expect(inBoth).toContain(path);
    });
  },
);

describe('find_broken_links', () => {
  test.each(PROTOCOL_LINES)('%s: every link to nowhere, with its line and kind', async (line) => {
    const lineClient = await t.connect(line);
    expect(await callOk(lineClient, 'find_broken_links', {})).toEqual({
      scope: '',
      notes: [
        { path: 'Inbox.md', links: [{ link: 'Pollinator hedge', kind: 'link', line: 7 }] },
        {
          path: 'Maps/Garden layout.canvas',
          links: [{ link: 'Pollinator hedge', kind: 'canvas' }],
        },
        {
          path: 'Prompts/Inspection summary.md',
          links: [
            { link: 'Hive {{hive}}#Status', kind: 'embed', line: 9 },
            { link: 'Hive {{hive}} winter plan', kind: 'embed', line: 13 },
          ],
        },
        {
          path: 'Reference/Bee forage calendar.md',
          links: [{ link: 'Rosemary', kind: 'link', line: 13 }],
        },
      ],
      total: 4,
      truncated: false,
      brokenLinks: 5,
    });
  });

  test('scope to a folder or one note, exclude_folders, and the failures', async () => {
    expect(await callOk(client, 'find_broken_links', { scope: 'Prompts' })).toMatchObject({
      scope: 'Prompts',
      total: 1,
      brokenLinks: 2,
    });
    expect(
      await callOk(client, 'find_broken_links', { scope: 'Reference/Bee forage calendar.md' }),
    ).toMatchObject({ total: 1, brokenLinks: 1 });
    expect(
      await callOk(client, 'find_broken_links', {
        exclude_folders: ['Prompts', 'Maps', 'Reference'],
      }),
    ).toEqual({
      scope: '',
      notes: [{ path: 'Inbox.md', links: [{ link: 'Pollinator hedge', kind: 'link', line: 7 }] }],
      total: 1,
      truncated: false,
      brokenLinks: 1,
    });
    expect((await callFail(client, 'find_broken_links', { scope: 'Nope' })).code).toBe('not_found');
    expect((await callFail(client, 'find_broken_links', { scope: '.obsidian' })).code).toBe(
      'invalid_path',
    );
  });
});

describe('find_orphaned_notes', () => {
  test('no orphan has a backlink; a linked note is not an orphan', async () => {
    const result = await callOk(client, 'find_orphaned_notes', { limit: 1000 });
    const orphans = paths(result.orphans);
    expect(orphans.length).toBe(result.total as number);
    expect(orphans).toContain('Home.md');
    expect(orphans).not.toContain('Apiary/Overwintering.md');
    for (const path of orphans.slice(0, 25)) {
      const { backlinks } = await callOk(client, 'get_backlinks', { path });
      expect({ path, backlinks }).toEqual({ path, backlinks: [] });
    }
    const isolated = (result.orphans as { outgoingLinks: number }[]).filter(
      (orphan) => orphan.outgoingLinks === 0,
    );
    expect(result.isolated).toBe(isolated.length);
  });

  test('exclude_folders keeps the daily notes off the list', async () => {
    const all = paths((await callOk(client, 'find_orphaned_notes', { limit: 1000 })).orphans);
    const without = await callOk(client, 'find_orphaned_notes', {
      exclude_folders: ['Journal/Daily'],
      limit: 1000,
    });
    expect(all.filter((path) => path.startsWith('Journal/Daily/'))).toHaveLength(21);
    expect(paths(without.orphans)).toEqual(
      all.filter((path) => !path.startsWith('Journal/Daily/')),
    );
  });
});

describe('search_and_replace', () => {
  /** The daily notes, as the disk lists them. */
  const dailyNotes = async () =>
    (await readdir(join(t.vault.root, 'Journal/Daily')))
      .sort()
      .map((name) => `Journal/Daily/${name}`);

  test('code is left alone by default: a dry run counts the matches it skips', async () => {
    const before = await snapshotVault(t.vault.root);
    const args = {
      pattern: 'due on (\\d{4}-\\d{2}-\\d{2})',
      replacement: 'due before $1',
      scope: 'Journal/Daily',
    };
    expect(await callOk(client, 'search_and_replace', args)).toMatchObject({
      dryRun: true,
      filesMatched: 0,
      replacements: 0,
      skippedMatches: 21,
    });
    const withCode = await callOk(client, 'search_and_replace', { ...args, includeCode: true });
    expect(withCode).toMatchObject({ dryRun: true, filesMatched: 21, replacements: 21 });
    expect((withCode.files as { previews: unknown[] }[])[0]?.previews[0]).toEqual({
      line: 27,
      before: 'due on 2026-05-04',
      after: 'due before 2026-05-04',
    });
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('applying writes exactly the matching notes in scope', async () => {
    const before = await snapshotVault(t.vault.root);
    const result = await callOk(client, 'search_and_replace', {
      pattern: '^## Log$',
      replacement: '## Journal',
      flags: 'm',
      dry_run: false,
      scope: 'Journal/Daily',
    });
    expect(result).toMatchObject({ dryRun: false, filesChanged: 21, replacements: 21 });
    const daily = await dailyNotes();
    expect(daily).toHaveLength(21);
    expect(paths(result.files)).toEqual(daily);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual(daily);
    expect(await t.readText('Journal/Daily/2026-05-04.md')).toContain('\n## Journal\n');
  });

  test.each([
    ['a backreference', { pattern: '(\\w)\\1' }, 'unsupported_regex'],
    ['an invalid regex', { pattern: '[unclosed' }, 'invalid_regex'],
    ['a flag that is not allowed', { pattern: 'a', flags: 'gy' }, 'invalid_regex'],
  ])('refuses %s and writes nothing', async (_name, args, code) => {
    const before = await snapshotVault(t.vault.root);
    const failure = await callFail(client, 'search_and_replace', {
      replacement: 'x',
      dry_run: false,
      ...args,
    });
    expect(failure.code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('rename_heading', () => {
  const NOTE = 'Kitchen/Preserving/Fermentation basics.md';
  const WIKILINKER = 'Inbox.md';
  const MARKDOWN_LINKER = 'Kitchen/Preserving/Sauerkraut.md';
  const UNTOUCHED = 'Apiary/Varroa treatment.md';

  test('renames the heading and the links to it in other notes, nothing else', async () => {
    const before = await snapshotVault(t.vault.root);
    const [wikiBefore, markdownBefore] = [
      await t.readText(WIKILINKER),
      await t.readText(MARKDOWN_LINKER),
    ];
    const result = await callOk(client, 'rename_heading', {
      path: NOTE,
      from: { text: 'Salt ratios', level: 2 },
      to: 'Salt by weight',
    });
    expect(result).toMatchObject({ path: NOTE, from: 'Salt ratios', level: 2, line: 13 });
    expect(result.filesChanged).toEqual([
      { path: NOTE, links: 0, revision: result.revision },
      { path: WIKILINKER, links: 1, revision: revisionOf(await t.readText(WIKILINKER)) },
      { path: MARKDOWN_LINKER, links: 1, revision: revisionOf(await t.readText(MARKDOWN_LINKER)) },
    ]);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual(
      [NOTE, WIKILINKER, MARKDOWN_LINKER].sort(),
    );
    expect((await t.readText(NOTE)).split('\n')[13]).toBe('## Salt by weight');
    expect(await t.readText(WIKILINKER)).toBe(
      wikiBefore.replace(
        '[[Fermentation basics#Salt ratios]]',
        '[[Fermentation basics#Salt by weight]]',
      ),
    );
    expect(await t.readText(MARKDOWN_LINKER)).toBe(
      markdownBefore.replace('#Salt%20ratios)', '#Salt%20by%20weight)'),
    );
  });

  test('a link inside the note itself follows the rename', async () => {
    const result = await callOk(client, 'rename_heading', {
      path: NOTE,
      from: { text: 'Brine' },
      to: 'Brine for whole vegetables',
    });
    expect(result).toMatchObject({ linksUpdated: 1 });
    const text = await t.readText(NOTE);
    expect(text).toContain('[[#Brine for whole vegetables|a made-up brine]]');
    expect(text).not.toContain('## Brine\n');
  });

  // On a note no other test renames, so each case holds on its own.
  test.each([
    ['a missing heading', { from: { text: 'Nope' }, to: 'X' }, 'heading_not_found'],
    ['a name taken at that level', { from: { text: 'Options' }, to: 'counting' }, 'already_exists'],
    [
      'a stale revision',
      { from: { text: 'Options' }, to: 'X', expectedRevision: '0' },
      'precondition_failed',
    ],
    ['a traversal', { path: '../outside.md', from: { text: 'A' }, to: 'B' }, 'invalid_path'],
  ])('refuses %s and writes nothing', async (_name, args, code) => {
    const before = await snapshotVault(t.vault.root);
    const failure = await callFail(client, 'rename_heading', { path: UNTOUCHED, ...args });
    expect(failure.code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('rename_tag', () => {
  const filesWith = async (tag: string) =>
    paths((await callOk(client, 'get_files_by_tag', { tag, limit: 1000 })).files).sort();
  const newestChange = async () =>
    (
      (await callOk(client, 'list_changes', { limit: 1 })).changes as { id: string; tool: string }[]
    )[0];

  test.each(PROTOCOL_LINES)(
    '%s: a dry run lists the notes with the tag or one nested under it, and writes nothing',
    async (line) => {
      const lineClient = await t.connect(line);
      const before = await snapshotVault(t.vault.root);
      const dry = await callOk(lineClient, 'rename_tag', { from: '#garden', to: 'allotment' });
      expect(dry).toMatchObject({
        from: 'garden',
        to: 'allotment',
        dryRun: true,
        truncated: false,
      });
      expect(paths(dry.notes).sort()).toEqual(await filesWith('garden'));
      expect(await snapshotVault(t.vault.root)).toEqual(before);
    },
  );

  test('applying renames nested tags everywhere as one change, which one undo takes back', async () => {
    const before = await snapshotVault(t.vault.root);
    const tagged = await filesWith('garden');
    const companion = await filesWith('garden/companion');
    expect(companion.length).toBeGreaterThan(0);
    const applied = await callOk(client, 'rename_tag', {
      from: 'garden',
      to: 'allotment',
      dryRun: false,
    });
    expect(paths(applied.notes).sort()).toEqual(tagged);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual(tagged);
    expect(await filesWith('garden')).toEqual([]);
    expect(await filesWith('allotment')).toEqual(tagged);
    expect(await filesWith('allotment/companion')).toEqual(companion);
    const change = await newestChange();
    expect(change?.tool).toBe('rename_tag');
    await callOk(client, 'undo_change', { id: change?.id });
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('notes in a hidden folder are neither listed nor renamed', async () => {
    const before = await snapshotVault(t.vault.root);
    expect((await filesWith('apiary')).some((path) => path.startsWith('Apiary/'))).toBe(true);
    const [dry, applied] = await whileHidden(t, ['Apiary'], async () => [
      await callOk(client, 'rename_tag', { from: 'apiary', to: 'bees' }),
      await callOk(client, 'rename_tag', { from: 'apiary', to: 'bees', dryRun: false }),
    ]);
    // Outside the hidden folder, the bee forage calendar and the inspection template carry it.
    const visible = ['Reference/Bee forage calendar.md', 'Templates/Hive inspection.md'];
    expect([paths(dry?.notes), paths(applied?.notes)]).toEqual([visible, visible]);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual(visible);
    await callOk(client, 'undo_change', { id: (await newestChange())?.id });
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test.each(PROTOCOL_LINES)(
    '%s: a read-only token cannot call it, not even for a dry run',
    async (line) => {
      const reader = await readOnlyClient(t, line);
      const refused = await callFail(reader, 'rename_tag', { from: 'garden', to: 'allotment' });
      expect(refused.code).toBe('tool_not_allowed');
    },
  );
});
