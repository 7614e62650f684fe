/**
 * The maintenance tools end to end: the real headless server on a temp copy of tasks-demo, the
 * official SDK client. find_broken_links must agree with the unresolvedLinks real Obsidian
 * captured for the vault, for every note present in both. Expected values elsewhere come from
 * the vault files (grep, reading the notes): the four daily notes each hold three `preset
 * daily_note_...` lines inside tasks code blocks; "## How the tests work" in the smoke-test note
 * is linked from one markdown link in Test Data/link_in_task_markdown_link.md.
 * Read-only checks run first; each write is checked byte for byte against a snapshot.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CAPTURED_FIXTURES } from '@mcp-connector/shared/test-support';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
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

describe('find_broken_links', () => {
  test('agrees with the unresolvedLinks Obsidian captured, note by note', async () => {
    const captured = JSON.parse(
      await readFile(join(CAPTURED_FIXTURES, 'unresolvedLinks.json'), 'utf8'),
    ) as LinkCounts;
    const result = await callOk(client, 'find_broken_links', { limit: 1000 });
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
      const exists = await t.readText(path).then(
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

  test.each(PROTOCOL_LINES)('%s: lines and kinds of the broken links', async (line) => {
    const lineClient = await t.connect(line);
    const result = await callOk(lineClient, 'find_broken_links', { scope: 'Test Data' });
    expect(result).toMatchObject({
      scope: 'Test Data',
      total: 3,
      truncated: false,
      brokenLinks: 6,
    });
    expect((result.notes as BrokenNote[])[2]).toEqual({
      path: 'Test Data/link_is_broken.md',
      links: [{ link: 'broken link - do not fix me', kind: 'link', line: 2 }],
    });
  });

  test('scope to one note, exclude_folders, and the failures', async () => {
    expect(
      await callOk(client, 'find_broken_links', { scope: 'Test Data/link_is_broken.md' }),
    ).toMatchObject({ total: 1, brokenLinks: 1 });
    expect(await callOk(client, 'find_broken_links', { exclude_folders: ['Test Data'] })).toEqual({
      scope: '',
      notes: [],
      total: 0,
      truncated: false,
      brokenLinks: 0,
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
    expect(orphans).toContain('ACME.md');
    expect(orphans).not.toContain('Manual Testing/Smoke Testing the Tasks Plugin.md');
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
      exclude_folders: ['Daily Notes'],
      limit: 1000,
    });
    expect(all.filter((path) => path.startsWith('Daily Notes/'))).toHaveLength(4);
    expect(paths(without.orphans)).toEqual(all.filter((path) => !path.startsWith('Daily Notes/')));
  });
});

describe('search_and_replace', () => {
  test('code is left alone by default: a dry run counts the matches it skips', async () => {
    const before = await snapshotVault(t.vault.root);
    const args = {
      pattern: 'preset daily_note_(\\w+)',
      replacement: 'preset $1',
      scope: 'Daily Notes',
    };
    expect(await callOk(client, 'search_and_replace', args)).toMatchObject({
      dryRun: true,
      filesMatched: 0,
      replacements: 0,
      skippedMatches: 12,
    });
    const withCode = await callOk(client, 'search_and_replace', { ...args, includeCode: true });
    expect(withCode).toMatchObject({ dryRun: true, filesMatched: 4, replacements: 12 });
    expect((withCode.files as { previews: unknown[] }[])[0]?.previews[0]).toEqual({
      line: 5,
      before: 'preset daily_note_overdue',
      after: 'preset overdue',
    });
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('applying writes exactly the matching notes in scope', async () => {
    const before = await snapshotVault(t.vault.root);
    const result = await callOk(client, 'search_and_replace', {
      pattern: '^## Do today$',
      replacement: '## Do this day',
      flags: 'm',
      dry_run: false,
      scope: 'Daily Notes',
    });
    expect(result).toMatchObject({ dryRun: false, filesChanged: 4, replacements: 4 });
    const daily = [17, 18, 19, 20].map((day) => `Daily Notes/2025-06-${day}.md`);
    expect(paths(result.files)).toEqual(daily);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual(daily);
    expect(await t.readText('Daily Notes/2025-06-17.md')).toContain('\n## Do this day\n');
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
  const NOTE = 'Manual Testing/Smoke Testing the Tasks Plugin.md';
  const LINKER = 'Test Data/link_in_task_markdown_link.md';

  test('renames the heading and the markdown link to it in another note, nothing else', async () => {
    const before = await snapshotVault(t.vault.root);
    const linkerBefore = await t.readText(LINKER);
    const result = await callOk(client, 'rename_heading', {
      path: NOTE,
      from: { text: 'How the tests work', level: 2 },
      to: 'How these tests work',
    });
    expect(result).toMatchObject({ path: NOTE, from: 'How the tests work', level: 2, line: 15 });
    expect(result.filesChanged).toEqual([
      { path: NOTE, links: 0, revision: result.revision },
      { path: LINKER, links: 1, revision: revisionOf(await t.readText(LINKER)) },
    ]);
    expect(changedPaths(before, await snapshotVault(t.vault.root))).toEqual([NOTE, LINKER].sort());
    expect((await t.readText(NOTE)).split('\n')[15]).toBe('## How these tests work');
    expect(await t.readText(LINKER)).toBe(
      linkerBefore.replace('#How%20the%20tests%20work)', '#How%20these%20tests%20work)'),
    );
  });

  test('a link inside the note itself follows the rename', async () => {
    const result = await callOk(client, 'rename_heading', {
      path: NOTE,
      from: { text: 'Remaining tests' },
      to: 'Tests still to do',
    });
    expect(result).toMatchObject({ linksUpdated: 1 });
    const text = await t.readText(NOTE);
    expect(text).toContain('*[[#Tests still to do|Jump to the tests...]]*');
    expect(text).not.toContain('Remaining tests');
  });

  test.each([
    ['a missing heading', { from: { text: 'Nope' }, to: 'X' }, 'heading_not_found'],
    [
      'a name taken at that level',
      { from: { text: 'Introduction' }, to: 'the smoke tests' },
      'already_exists',
    ],
    [
      'a stale revision',
      { from: { text: 'Introduction' }, to: 'X', expectedRevision: '0' },
      'precondition_failed',
    ],
    ['a traversal', { path: '../outside.md', from: { text: 'A' }, to: 'B' }, 'invalid_path'],
  ])('refuses %s and writes nothing', async (_name, args, code) => {
    const before = await snapshotVault(t.vault.root);
    const failure = await callFail(client, 'rename_heading', { path: NOTE, ...args });
    expect(failure.code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
