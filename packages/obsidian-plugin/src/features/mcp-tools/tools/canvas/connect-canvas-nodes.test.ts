import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk, runTool } from '../../test-support/run-tool.ts';
import { connectCanvasNodes } from './connect-canvas-nodes.ts';

const BOARD = JSON.stringify(
  {
    nodes: [
      { id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 100, height: 50 },
      { id: 'b', type: 'text', text: 'B', x: 0, y: 400, width: 100, height: 50 },
    ],
    edges: [],
  },
  null,
  2,
);

let vault: TestHost;
afterEach(() => vault.close());

const disk = () => readFile(join(vault.root, 'b.canvas'), 'utf8');
const connect = (args: Record<string, unknown>) =>
  runOk(connectCanvasNodes, vault.host, { path: 'b.canvas', fromNode: 'a', toNode: 'b', ...args });

describe('connect_canvas_nodes', () => {
  test('adds an edge between the facing sides, in the file style', async () => {
    vault = await openTestHost({ 'b.canvas': BOARD });
    const result = await connect({ label: 'next', color: '#ff00aa' });
    const edge = result.edge as Record<string, unknown>;
    expect(edge).toEqual({
      id: edge.id,
      fromNode: 'a',
      fromSide: 'bottom',
      toNode: 'b',
      toSide: 'top',
      color: '#ff00aa',
      label: 'next',
    });
    expect(edge.id).toMatch(/^[0-9a-f]{16}$/);
    const text = await disk();
    const parsed = JSON.parse(BOARD) as { edges: unknown[] };
    expect(text).toBe(JSON.stringify({ ...parsed, edges: [edge] }, null, 2));
    expect(result).toEqual({ path: 'b.canvas', edge, revision: revisionOf(text) });
  });

  test('given sides are kept; connecting twice adds a second edge', async () => {
    vault = await openTestHost({ 'b.canvas': BOARD });
    const first = await connect({ fromSide: 'left', toSide: 'left' });
    const second = await connect({ fromSide: 'left', toSide: 'left' });
    expect(first.edge).toMatchObject({ fromSide: 'left', toSide: 'left' });
    expect((JSON.parse(await disk()) as { edges: unknown[] }).edges).toEqual([
      first.edge,
      second.edge,
    ]);
  });

  test('20 concurrent connections with one expectedRevision: exactly one lands', async () => {
    vault = await openTestHost({ 'b.canvas': BOARD });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runTool(connectCanvasNodes, vault.host, {
          path: 'b.canvas',
          fromNode: 'a',
          toNode: 'b',
          expectedRevision: revisionOf(BOARD),
        }),
      ),
    );
    expect(results.filter((result) => result.isError !== true).length).toBe(1);
    expect((JSON.parse(await disk()) as { edges: unknown[] }).edges.length).toBe(1);
  });

  test.each([
    ['a missing from node', { fromNode: 'zz' }, 'node_not_found'],
    ['a missing to node', { toNode: 'zz' }, 'node_not_found'],
    ['a missing canvas', { path: 'none.canvas' }, 'not_found'],
    ['an unknown side', { fromSide: 'middle' }, 'invalid_arguments'],
    ['a bad color', { color: '7' }, 'invalid_arguments'],
    ['a short hex color', { color: '#fff' }, 'invalid_arguments'],
    ['a stale expectedRevision', { expectedRevision: revisionOf('other') }, 'precondition_failed'],
    ['a path outside the vault', { path: '/etc/x.canvas' }, 'invalid_path'],
  ] as const)('refuses %s and changes nothing', async (_name, args, code) => {
    vault = await openTestHost({ 'b.canvas': BOARD });
    const before = await snapshotVault(vault.root);
    const failure = await runFail(connectCanvasNodes, vault.host, {
      path: 'b.canvas',
      fromNode: 'a',
      toNode: 'b',
      ...args,
    });
    expect(failure.code).toBe(code);
    if (code === 'node_not_found') expect(failure.message).toContain('get_canvas');
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
