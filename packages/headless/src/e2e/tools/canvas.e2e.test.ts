/**
 * The canvas tools end to end: the real headless server over HTTP on a temp copy of the
 * test vault, the official SDK client on both protocol lines, the garden map in that vault (in
 * the layout Obsidian writes: one node or edge a line, so edits add exactly their own line), a canvas made from nothing, concurrent
 * writers from several clients, and failures leaving the vault byte for byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  oneServerTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const BOARD = 'Maps/Garden layout.canvas';
/** Two nodes of BOARD: the Bed 01 file card and the water butt text card. */
const BED = 'a84e6b2d31c90f57';
const BUTT = '71e2d8c4a9b05f36';
const TOOLS = ['get_canvas', 'add_canvas_node', 'connect_canvas_nodes'];

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** The text with one occurrence of `part` taken out. */
const without = (text: string, part: string) => {
  const at = text.indexOf(part);
  expect(at).toBeGreaterThan(-1);
  return text.slice(0, at) + text.slice(at + part.length);
};

describe('the canvas tools over HTTP', () => {
  test.each(PROTOCOL_LINES)(
    '%s: listed, and an Obsidian canvas is read whole, unchanged',
    async (line) => {
      const lineClient = await t.connect(line);
      const names = (await lineClient.listTools()).tools.map((tool) => tool.name);
      for (const name of TOOLS) expect(names).toContain(name);
      const before = await snapshotVault(t.vault.root);
      const canvas = await callOk(lineClient, 'get_canvas', { path: BOARD });
      const onDisk = JSON.parse(await t.readText(BOARD)) as { nodes: unknown[]; edges: unknown[] };
      expect(canvas).toMatchObject({
        nodes: onDisk.nodes,
        edges: onDisk.edges,
        totalNodes: 10,
        totalEdges: 4,
      });
      expect(await snapshotVault(t.vault.root)).toEqual(before);
    },
  );

  test("add and connect on Obsidian's file: the diff is exactly the two new lines", async () => {
    const original = await t.readText(BOARD);
    const { revision } = await callOk(client, 'get_canvas', { path: BOARD });
    const added = await callOk(client, 'add_canvas_node', {
      path: BOARD,
      type: 'file',
      file: 'Home.md',
      expectedRevision: revision,
    });
    const node = added.node as { id: string; x: number; y: number };
    expect(node).toMatchObject({ type: 'file', file: 'Home.md', width: 400, height: 400 });
    const connected = await callOk(client, 'connect_canvas_nodes', {
      path: BOARD,
      fromNode: BED,
      toNode: node.id,
      label: 'see also',
      expectedRevision: added.revision,
    });
    const edited = await t.readText(BOARD);
    const nodeLine = `,\n\t\t${JSON.stringify(added.node)}`;
    const edgeLine = `,\n\t\t${JSON.stringify(connected.edge)}`;
    expect(without(without(edited, nodeLine), edgeLine)).toBe(original);
    const canvas = await callOk(client, 'get_canvas', { path: BOARD });
    expect(canvas).toMatchObject({ totalNodes: 11, totalEdges: 5, revision: connected.revision });
  });

  oneServerTest(
    'a canvas made from nothing, by 20 concurrent calls from several clients',
    async () => {
      const clients = await t.connectMany(4);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          callOk(clients[index % clients.length] as Client, 'add_canvas_node', {
            path: 'E2E/Board.canvas',
            type: 'text',
            text: `card ${index}`,
          }),
        ),
      );
      expect(results.filter((result) => result.created === true).length).toBe(1);
      const text = await t.readText('E2E/Board.canvas');
      expect(text.startsWith('{\n\t"nodes":[\n\t\t{"id":"')).toBe(true);
      const { nodes } = JSON.parse(text) as { nodes: { text: string }[] };
      expect(nodes.map((node) => node.text).sort()).toEqual(
        Array.from({ length: 20 }, (_, index) => `card ${index}`).sort(),
      );
    },
  );

  test.each([
    ['get_canvas', { path: 'Missing.canvas' }, 'not_found'],
    ['get_canvas', { path: 'Home.md' }, 'invalid_arguments'],
    ['add_canvas_node', { path: BOARD, type: 'file', file: '.obsidian/app.json' }, 'invalid_path'],
    [
      'add_canvas_node',
      { path: BOARD, type: 'link', url: 'file:///etc/passwd' },
      'invalid_arguments',
    ],
    [
      'add_canvas_node',
      { path: BOARD, type: 'text', text: 'x', expectedRevision: 'stale' },
      'precondition_failed',
    ],
    ['connect_canvas_nodes', { path: BOARD, fromNode: 'nope', toNode: BUTT }, 'node_not_found'],
    ['connect_canvas_nodes', { path: 'New.canvas', fromNode: 'a', toNode: 'b' }, 'not_found'],
    [
      'connect_canvas_nodes',
      { path: BOARD, fromNode: BUTT, toNode: BUTT, toSide: 'up' },
      'invalid_arguments',
    ],
  ] as const)('%s refuses %j and changes nothing', async (name, args, code) => {
    const before = await snapshotVault(t.vault.root);
    expect((await callFail(client, name, { ...args })).code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('a broken canvas is reported, never rewritten', async () => {
    await callOk(client, 'create_vault_file', {
      path: 'E2E/broken.canvas',
      content: '{"nodes":[{"id":"x"}]}',
    });
    const before = await snapshotVault(t.vault.root);
    for (const [name, args] of [
      ['get_canvas', {}],
      ['add_canvas_node', { type: 'text', text: 'x' }],
      ['connect_canvas_nodes', { fromNode: 'x', toNode: 'x' }],
    ] as const) {
      const failure = await callFail(client, name, { path: 'E2E/broken.canvas', ...args });
      expect(failure.code).toBe('invalid_canvas');
    }
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
