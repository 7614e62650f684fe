import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getOutgoingLinks } from './get-outgoing-links.ts';

let vault: TestHost;
afterEach(() => vault.close());

const SOURCE = [
  '---',
  'up: "[[Parent]]"',
  'related: ["[[Missing One]]"]',
  '---',
  '# Source',
  'See [[Target#Part|the part]] and ![[pic.png]].',
  '[md link](Sub/Target.md) then [[nowhere]]',
  '[[#Source]] `[[in code]]`',
].join('\n');

const FILES = {
  'Notes/Source.md': SOURCE,
  'Sub/Target.md': '# Target\n## Part',
  'Parent.md': '',
  'Notes/pic.png': 'png',
  'board.canvas': '{}',
};

describe('get_outgoing_links', () => {
  test('frontmatter links first, then links and embeds in reading order, each resolved', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getOutgoingLinks, vault.host, { path: 'Notes/Source.md' })).toEqual({
      path: 'Notes/Source.md',
      links: [
        { link: 'Parent', target: 'Parent.md', kind: 'frontmatter', key: 'up' },
        { link: 'Missing One', target: null, kind: 'frontmatter', key: 'related.0' },
        { link: 'Target#Part', target: 'Sub/Target.md', kind: 'link', line: 5 },
        { link: 'pic.png', target: 'Notes/pic.png', kind: 'embed', line: 5 },
        { link: 'Sub/Target.md', target: 'Sub/Target.md', kind: 'link', line: 6 },
        { link: 'nowhere', target: null, kind: 'link', line: 6 },
        { link: '#Source', target: 'Notes/Source.md', kind: 'link', line: 7 },
      ],
      total: 7,
      truncated: false,
    });
  });

  test('includeEmbeds and includeUnresolved false leave those out; limit cuts', async () => {
    vault = await openTestHost(FILES);
    const kept = await runOk(getOutgoingLinks, vault.host, {
      path: 'Notes/Source.md',
      includeEmbeds: false,
      includeUnresolved: false,
    });
    expect((kept.links as { link: string }[]).map((entry) => entry.link)).toEqual([
      'Parent',
      'Target#Part',
      'Sub/Target.md',
      '#Source',
    ]);
    expect(
      await runOk(getOutgoingLinks, vault.host, { path: 'Notes/Source.md', limit: 2 }),
    ).toMatchObject({
      total: 7,
      truncated: true,
      links: [{ link: 'Parent' }, { link: 'Missing One' }],
    });
  });

  test('a note without links has none', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getOutgoingLinks, vault.host, { path: 'Parent.md' })).toEqual({
      path: 'Parent.md',
      links: [],
      total: 0,
      truncated: false,
    });
  });

  test.each([
    ['a missing note', { path: 'Nope.md' }, 'not_found'],
    ['a folder', { path: 'Sub' }, 'not_a_file'],
    ['a canvas', { path: 'board.canvas' }, 'unsupported'],
    ['a traversal', { path: 'Sub/../../x.md' }, 'invalid_path'],
    ['the config folder', { path: '.obsidian/app.json' }, 'invalid_path'],
    ['a wrong flag type', { path: 'Parent.md', includeEmbeds: 'no' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost(FILES);
    expect((await runFail(getOutgoingLinks, vault.host, { ...args })).code).toBe(code);
  });
});
