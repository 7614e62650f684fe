import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { findOrphanedNotes } from './find-orphaned-notes.ts';

const VAULT = {
  'hub.md': '[[linked]] ![[embedded]] [[self-only]] [md](Via%20Markdown.md)',
  'linked.md': 'no links out',
  'embedded.md': '',
  'Via Markdown.md': '',
  'self-only.md': 'see [[#Top]] and [[self-only]]',
  'lonely.md': 'nothing here',
  'talker.md': '[[hub]] [[hub]] [[Missing]]',
  'selfie.md': '[[selfie]]',
  'fm-target.md': '',
  'fm-source.md': '---\nup: "[[fm-target]]"\n---\n',
  'on-canvas.md': '',
  'board.canvas': JSON.stringify({
    nodes: [{ id: '1', type: 'file', file: 'on-canvas.md', x: 0, y: 0, width: 1, height: 1 }],
    edges: [],
  }),
  'Archive/old.md': '',
  'image.png': new Uint8Array([1]),
};

let vault: TestHost;
afterEach(() => vault.close());

const find = (args: Record<string, unknown> = {}) => runOk(findOrphanedNotes, vault.host, args);

describe('find_orphaned_notes', () => {
  test('notes with no incoming link from another file, with their links out', async () => {
    vault = await openTestHost(VAULT);
    expect(await find()).toEqual({
      orphans: [
        { path: 'Archive/old.md', outgoingLinks: 0 },
        { path: 'fm-source.md', outgoingLinks: 1 },
        { path: 'lonely.md', outgoingLinks: 0 },
        { path: 'selfie.md', outgoingLinks: 0 },
        { path: 'talker.md', outgoingLinks: 2 },
      ],
      total: 5,
      truncated: false,
      isolated: 3,
    });
  });

  test('links, embeds, markdown links, frontmatter links and canvas file nodes all count', async () => {
    vault = await openTestHost(VAULT);
    const paths = ((await find()).orphans as { path: string }[]).map((orphan) => orphan.path);
    for (const linked of [
      'linked.md',
      'embedded.md',
      'Via Markdown.md',
      'fm-target.md',
      'on-canvas.md',
    ]) {
      expect(paths).not.toContain(linked);
    }
  });

  test('a new link takes a note off the list', async () => {
    vault = await openTestHost(VAULT);
    await vault.host.process('hub.md', (text) => `${text} [[lonely]]`);
    const paths = ((await find()).orphans as { path: string }[]).map((orphan) => orphan.path);
    expect(paths).not.toContain('lonely.md');
    expect(paths).toContain('selfie.md');
  });

  test('exclude_folders hides notes there; links from there still count', async () => {
    vault = await openTestHost({ 'Templates/t.md': '[[used]]', 'used.md': '', 'free.md': '' });
    expect(await find({ exclude_folders: ['Templates'] })).toEqual({
      orphans: [{ path: 'free.md', outgoingLinks: 0 }],
      total: 1,
      truncated: false,
      isolated: 1,
    });
  });

  test('limit cuts the list and keeps the real total and isolated count', async () => {
    vault = await openTestHost(VAULT);
    expect(await find({ limit: 2 })).toMatchObject({
      orphans: [{ path: 'Archive/old.md' }, { path: 'fm-source.md' }],
      total: 5,
      truncated: true,
      isolated: 3,
    });
  });

  test.each([
    ['a traversal', { exclude_folders: ['../x'] }, 'invalid_path'],
    ['the config folder', { exclude_folders: ['.obsidian'] }, 'invalid_path'],
    ['a string for the list', { exclude_folders: 'Archive' }, 'invalid_arguments'],
    ['an unknown argument', { scope: 'x' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost(VAULT);
    expect((await runFail(findOrphanedNotes, vault.host, { ...args })).code).toBe(code);
  });
});
