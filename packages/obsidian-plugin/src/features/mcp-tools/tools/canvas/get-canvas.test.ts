import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getCanvas } from './get-canvas.ts';

const NODES = [
  { id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 250, height: 60, color: '1' },
  { id: 'b', type: 'file', file: 'n.md', subpath: '#H', x: 300, y: 0, width: 400, height: 400 },
  { id: 'g', type: 'group', label: 'G', x: -50, y: -50, width: 900, height: 600, custom: [1] },
];
const EDGES = [{ id: 'e', fromNode: 'a', fromSide: 'right', toNode: 'b', toSide: 'left' }];
const BOARD = JSON.stringify({ nodes: NODES, edges: EDGES, extra: true }, null, '\t');

let vault: TestHost;
afterEach(() => vault.close());

describe('get_canvas', () => {
  test('returns every node and edge with all their fields, and the revision', async () => {
    vault = await openTestHost({ 'Boards/b.canvas': BOARD, 'n.md': '# H' });
    expect(await runOk(getCanvas, vault.host, { path: 'Boards/b.canvas' })).toEqual({
      path: 'Boards/b.canvas',
      revision: revisionOf(BOARD),
      nodes: NODES,
      edges: EDGES,
      totalNodes: 3,
      totalEdges: 1,
      truncated: false,
    });
  });

  test('limit caps each list and says so', async () => {
    vault = await openTestHost({ 'b.canvas': BOARD });
    const result = await runOk(getCanvas, vault.host, { path: 'b.canvas', limit: 1 });
    expect(result).toMatchObject({ nodes: [NODES[0]], totalNodes: 3, truncated: true });
  });

  test.each([
    ['an empty file', ''],
    ['an empty object', '{}'],
  ])('%s is an empty canvas', async (_name, text) => {
    vault = await openTestHost({ 'b.canvas': text });
    expect(await runOk(getCanvas, vault.host, { path: 'b.canvas' })).toMatchObject({
      nodes: [],
      edges: [],
      totalNodes: 0,
    });
  });

  test.each([
    ['a missing canvas', 'nope.canvas', {}, 'not_found'],
    ['a note', 'n.md', {}, 'invalid_arguments'],
    ['a traversal', '../b.canvas', {}, 'invalid_path'],
    ['broken JSON', 'b.canvas', { 'b.canvas': '{"nodes":[' }, 'invalid_canvas'],
    [
      'a node without a position',
      'b.canvas',
      { 'b.canvas': '{"nodes":[{"id":"a","type":"text"}]}' },
      'invalid_canvas',
    ],
    ['an array at the top', 'b.canvas', { 'b.canvas': '[]' }, 'invalid_canvas'],
  ] as const)('fails clearly on %s', async (_name, path, files, code) => {
    vault = await openTestHost({ 'n.md': '', ...files });
    const failure = await runFail(getCanvas, vault.host, { path });
    expect(failure.code).toBe(code);
    if (code === 'invalid_canvas') expect(failure.message).toContain(path);
  });
});
