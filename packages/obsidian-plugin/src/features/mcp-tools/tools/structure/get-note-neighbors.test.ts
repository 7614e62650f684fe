import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getNoteNeighbors } from './get-note-neighbors.ts';

let vault: TestHost;
afterEach(() => vault.close());

const LONG = `${'words '.repeat(40)}then [[E]] and ${'more '.repeat(40)}`;
const FILES = {
  'A.md': '# A\nSee [[B]] and ![[C]].\n',
  'B.md': '---\nup: "[[A]]"\n---\nBack to [[A]], on to [[D]].\n',
  'C.md': 'plain [[C]]',
  'D.md': `# D\n${LONG}\n`,
  'E.md': 'the end [[Missing]]',
  'board.canvas': JSON.stringify({
    nodes: [{ id: '1', type: 'file', file: 'E.md', x: 0, y: 0, width: 1, height: 1 }],
    edges: [],
  }),
};

describe('get_note_neighbors', () => {
  test('depth 1, both ways: each neighbour with how it is linked and where', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(getNoteNeighbors, vault.host, { path: 'A.md' })).toEqual({
      path: 'A.md',
      depth: 1,
      direction: 'both',
      neighbours: [
        {
          path: 'B.md',
          distance: 1,
          direction: 'both',
          linkCount: 3,
          links: [
            { from: 'A.md', kind: 'link', line: 1, context: 'See [[B]] and ![[C]].' },
            { from: 'B.md', kind: 'frontmatter', key: 'up', context: 'up: [[A]]' },
            { from: 'B.md', kind: 'link', line: 3, context: 'Back to [[A]], on to [[D]].' },
          ],
        },
        {
          path: 'C.md',
          distance: 1,
          direction: 'out',
          linkCount: 1,
          links: [{ from: 'A.md', kind: 'embed', line: 1, context: 'See [[B]] and ![[C]].' }],
        },
      ],
      total: 2,
      truncated: false,
    });
  });

  test('deeper walks name the file each neighbour was reached from; self-links are no edges', async () => {
    vault = await openTestHost(FILES);
    const out = await runOk(getNoteNeighbors, vault.host, {
      path: 'A.md',
      depth: 3,
      direction: 'out',
    });
    expect(
      (out.neighbours as Record<string, unknown>[]).map(({ path, distance, via }) => ({
        path,
        distance,
        via,
      })),
    ).toEqual([
      { path: 'B.md', distance: 1, via: undefined },
      { path: 'C.md', distance: 1, via: undefined },
      { path: 'D.md', distance: 2, via: 'B.md' },
      { path: 'E.md', distance: 3, via: 'D.md' },
    ]);
    const into = await runOk(getNoteNeighbors, vault.host, {
      path: 'E.md',
      depth: 2,
      direction: 'in',
    });
    expect(into.neighbours).toEqual([
      {
        path: 'D.md',
        distance: 1,
        direction: 'in',
        linkCount: 1,
        links: [expect.objectContaining({ from: 'D.md', line: 1 })],
      },
      { path: 'board.canvas', distance: 1, direction: 'in', linkCount: 1, links: [] },
      {
        path: 'B.md',
        distance: 2,
        via: 'D.md',
        direction: 'in',
        linkCount: 1,
        links: [expect.objectContaining({ from: 'B.md', kind: 'link' })],
      },
    ]);
  });

  test('a long line is cut to a snippet around the link', async () => {
    vault = await openTestHost(FILES);
    const result = await runOk(getNoteNeighbors, vault.host, { path: 'E.md', direction: 'in' });
    const [site] = (result.neighbours as { links: { context: string }[] }[])[0]?.links ?? [];
    expect(site?.context).toContain('then [[E]] and');
    expect(site?.context.startsWith('…')).toBe(true);
    expect(site?.context.endsWith('…')).toBe(true);
    expect(site?.context.length).toBeLessThanOrEqual(162);
  });

  test('limit keeps the nearest; a file without links has no neighbours', async () => {
    vault = await openTestHost(FILES);
    const limited = await runOk(getNoteNeighbors, vault.host, { path: 'A.md', depth: 3, limit: 1 });
    expect(limited).toMatchObject({ total: 4, truncated: true, neighbours: [{ path: 'B.md' }] });
    await vault.close();
    vault = await openTestHost({ 'Lone.md': 'nothing [[Nowhere]]' });
    expect(await runOk(getNoteNeighbors, vault.host, { path: 'Lone.md' })).toMatchObject({
      neighbours: [],
      total: 0,
    });
  });

  test('a missing file or a folder fails with the next step', async () => {
    vault = await openTestHost({ ...FILES, 'Folder/x.md': '' });
    expect(await runFail(getNoteNeighbors, vault.host, { path: 'Nope.md' })).toMatchObject({
      code: 'not_found',
    });
    expect(await runFail(getNoteNeighbors, vault.host, { path: 'Folder' })).toMatchObject({
      code: 'not_a_file',
    });
  });
});
