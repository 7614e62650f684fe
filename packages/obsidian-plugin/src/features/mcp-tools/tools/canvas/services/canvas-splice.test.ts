import { describe, expect, test } from 'bun:test';
import {
  TASKS_DEMO,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
} from '@mcp-connector/shared/test-support';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCanvas } from './canvas-document.ts';
import { EMPTY_CANVAS, appendCanvasItem } from './canvas-splice.ts';

/** A canvas Obsidian itself wrote, in the tasks-demo vault beside the repository. */
const OBSIDIAN_CANVAS = 'Manual Testing/Frontmatter/Frontmatter code.canvas';
const NODE = {
  id: 'aaaaaaaaaaaaaaaa',
  type: 'text',
  text: 'hi "there"',
  x: 0,
  y: 0,
  width: 250,
  height: 60,
};
const EDGE = {
  id: 'bbbbbbbbbbbbbbbb',
  fromNode: 'n1',
  fromSide: 'right',
  toNode: 'n2',
  toSide: 'left',
};
const BASE = {
  nodes: [
    { id: 'n1', type: 'text', text: 'a', x: 0, y: 0, width: 10, height: 10 },
    { id: 'n2', type: 'link', url: 'https://x.org/?q=[1]', x: 1.5, y: -0, width: 10, height: 10 },
  ],
  edges: [] as object[],
};

describeWithSharedData("appendCanvasItem on Obsidian's own canvas", [TASKS_DEMO_VAULT], () => {
  test("rebuilding Obsidian's own file item by item gives it back byte for byte", async () => {
    const original = await readFile(join(TASKS_DEMO, OBSIDIAN_CANVAS), 'utf8');
    const { nodes, edges } = parseCanvas(OBSIDIAN_CANVAS, original);
    let rebuilt = EMPTY_CANVAS;
    for (const node of nodes) rebuilt = appendCanvasItem(rebuilt, 'nodes', node);
    for (const edge of edges) rebuilt = appendCanvasItem(rebuilt, 'edges', edge);
    expect(rebuilt).toBe(original);
  });

  test('a new node in an Obsidian file is one added line; every other byte stays', async () => {
    const original = await readFile(join(TASKS_DEMO, OBSIDIAN_CANVAS), 'utf8');
    const edited = appendCanvasItem(original, 'nodes', NODE);
    const line = `,\n\t\t${JSON.stringify(NODE)}`;
    const at = edited.indexOf(line);
    expect(at).toBeGreaterThan(0);
    expect(edited.slice(0, at) + edited.slice(at + line.length)).toBe(original);
    expect(parseCanvas('x.canvas', edited).nodes.at(-1)).toEqual(NODE);
  });
});

describe('appendCanvasItem', () => {
  test.each([
    ['two spaces', (value: object) => JSON.stringify(value, null, 2)],
    ['four spaces', (value: object) => JSON.stringify(value, null, 4)],
    [
      'tabs and CRLF',
      (value: object) => JSON.stringify(value, null, '\t').replaceAll('\n', '\r\n'),
    ],
    ['one compact line', (value: object) => JSON.stringify(value)],
  ])('keeps a file written with %s in its style', (_name, write) => {
    const withNode = appendCanvasItem(write(BASE), 'nodes', NODE);
    expect(withNode).toBe(write({ ...BASE, nodes: [...BASE.nodes, NODE] }));
    const withEdge = appendCanvasItem(withNode, 'edges', EDGE);
    expect(withEdge).toBe(write({ nodes: [...BASE.nodes, NODE], edges: [EDGE] }));
  });

  test("keeps Python's spacing after ':' and ','", () => {
    const text = '{"nodes": [{"id": "n1", "x": 0}], "edges": []}';
    expect(appendCanvasItem(text, 'nodes', { id: 'n2', x: 1 })).toBe(
      '{"nodes": [{"id": "n1", "x": 0}, {"id": "n2", "x": 1}], "edges": []}',
    );
  });

  test('a blank file or an empty object becomes an Obsidian canvas', () => {
    const expected = `{\n\t"nodes":[\n\t\t${JSON.stringify(NODE)}\n\t],\n\t"edges":[]\n}`;
    expect(appendCanvasItem('', 'nodes', NODE)).toBe(expected);
    expect(appendCanvasItem(' \n', 'nodes', NODE)).toBe(expected);
    expect(appendCanvasItem('{}', 'nodes', NODE)).toBe(
      `{\n\t"nodes":[\n\t\t${JSON.stringify(NODE)}\n\t]\n}`,
    );
  });

  test('a missing array is added after the other members, other keys kept', () => {
    const text = '{"nodes":[],"metadata":{"v":1}}';
    expect(appendCanvasItem(text, 'edges', EDGE)).toBe(
      `{"nodes":[],"metadata":{"v":1},"edges":[${JSON.stringify(EDGE)}]}`,
    );
  });

  test('strings full of brackets, quotes and escapes do not confuse the splice', () => {
    const tricky = {
      id: 't',
      type: 'text',
      text: '"],\\n}{[\\"\u2028',
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    };
    const text = appendCanvasItem(EMPTY_CANVAS, 'nodes', tricky);
    const edited = appendCanvasItem(text, 'nodes', NODE);
    expect(parseCanvas('x.canvas', edited).nodes).toEqual([tricky, NODE]);
  });

  test('undefined fields are left out', () => {
    const text = appendCanvasItem('{"nodes":[]}', 'nodes', { id: 'x', color: undefined });
    expect(text).toBe('{"nodes":[{"id":"x"}]}');
  });
});
