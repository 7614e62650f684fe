import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { addCanvasNode } from './add-canvas-node.ts';
import { EMPTY_CANVAS } from './services/canvas-splice.ts';

const FIRST = {
  id: '0123456789abcdef',
  type: 'text',
  text: 'one',
  x: 0,
  y: 0,
  width: 250,
  height: 60,
};
const OBSIDIAN = `{\n\t"nodes":[\n\t\t${JSON.stringify(FIRST)}\n\t],\n\t"edges":[]\n}`;

let vault: TestHost;
afterEach(() => vault.close());

const disk = (path: string) => readFile(join(vault.root, path), 'utf8');
const add = (args: Record<string, unknown>) =>
  runOk(addCanvasNode, vault.host, { path: 'b.canvas', ...args });

describe('add_canvas_node', () => {
  test('adds a text node right of the last one; the file gains one line', async () => {
    vault = await openTestHost({ 'b.canvas': OBSIDIAN });
    const result = await add({ type: 'text', text: 'two', color: '4' });
    const node = result.node as Record<string, unknown>;
    expect(node).toEqual({
      id: node.id,
      type: 'text',
      text: 'two',
      x: 290,
      y: 0,
      width: 250,
      height: 60,
      color: '4',
    });
    expect(node.id).toMatch(/^[0-9a-f]{16}$/);
    const text = await disk('b.canvas');
    expect(text).toBe(OBSIDIAN.replace('}\n\t]', `},\n\t\t${JSON.stringify(node)}\n\t]`));
    expect(result).toMatchObject({ path: 'b.canvas', created: false, revision: revisionOf(text) });
  });

  test('creates a missing canvas (and its folders) in Obsidian layout', async () => {
    vault = await openTestHost({});
    const result = await add({
      path: 'New/Board.canvas',
      type: 'link',
      url: 'https://obsidian.md',
    });
    const node = result.node as Record<string, unknown>;
    expect(node).toMatchObject({
      type: 'link',
      url: 'https://obsidian.md',
      x: 0,
      y: 0,
      width: 400,
      height: 400,
    });
    expect(await disk('New/Board.canvas')).toBe(
      EMPTY_CANVAS.replace('"nodes":[]', `"nodes":[\n\t\t${JSON.stringify(node)}\n\t]`),
    );
    expect(result).toMatchObject({ created: true });
  });

  test('a file node takes a vault path (normalised) and a subpath written with "#"', async () => {
    vault = await openTestHost({ 'b.canvas': OBSIDIAN, 'Notes/Plan.md': '# Goals' });
    const { node } = await add({
      type: 'file',
      file: 'Notes//./Plan.md',
      subpath: 'Goals',
      x: -10,
      y: 20,
    });
    expect(node).toMatchObject({
      type: 'file',
      file: 'Notes/Plan.md',
      subpath: '#Goals',
      x: -10,
      y: 20,
    });
    expect(Object.keys(node as object)).toEqual([
      'id',
      'type',
      'file',
      'subpath',
      'x',
      'y',
      'width',
      'height',
    ]);
  });

  test('20 concurrent adds to a missing canvas: one file, 20 distinct nodes, none overlapping', async () => {
    vault = await openTestHost({});
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => add({ type: 'text', text: `n${index}` })),
    );
    expect(results.filter((result) => result.created === true).length).toBe(1);
    const { nodes } = JSON.parse(await disk('b.canvas')) as { nodes: { id: string; x: number }[] };
    expect(new Set(nodes.map((node) => node.id)).size).toBe(20);
    expect(new Set(nodes.map((node) => node.x)).size).toBe(20);
  });

  test('expectedRevision guards the canvas', async () => {
    vault = await openTestHost({ 'b.canvas': OBSIDIAN });
    const ok = await add({ type: 'text', text: 'x', expectedRevision: revisionOf(OBSIDIAN) });
    expect(ok.created).toBe(false);
  });

  test.each([
    ['a text node without text', { type: 'text' }, 'invalid_arguments'],
    [
      'a field of another type',
      { type: 'text', text: 'x', url: 'https://a.b' },
      'invalid_arguments',
    ],
    ['a file node for a missing file', { type: 'file', file: 'Missing.md' }, 'not_found'],
    ['a file node for a hidden file', { type: 'file', file: '.secret/x.md' }, 'invalid_path'],
    ['a file path that leaves the vault', { type: 'file', file: '../x.md' }, 'invalid_path'],
    [
      'a bad file path, before any other problem',
      { type: 'text', file: '../x.md' },
      'invalid_path',
    ],
    [
      'a bad canvas path, before any other problem',
      { path: '../b.canvas', type: 'file' },
      'invalid_path',
    ],
    ['an empty subpath', { type: 'file', file: 'n.md', subpath: '#' }, 'invalid_arguments'],
    ['a javascript: url', { type: 'link', url: 'javascript:alert(1)' }, 'invalid_arguments'],
    ['a url that is no URL', { type: 'link', url: 'obsidian.md' }, 'invalid_arguments'],
    ['a group node', { type: 'group' }, 'invalid_arguments'],
    ['a named color', { type: 'text', text: 'x', color: 'red' }, 'invalid_arguments'],
    ['x without y', { type: 'text', text: 'x', x: 5 }, 'invalid_arguments'],
    ['a zero width', { type: 'text', text: 'x', width: 0 }, 'invalid_arguments'],
    ['a fractional position', { type: 'text', text: 'x', x: 0.5, y: 1 }, 'invalid_arguments'],
    ['a path that is not a canvas', { path: 'n.md', type: 'text', text: 'x' }, 'invalid_arguments'],
    ['a folder', { path: 'Dir.canvas', type: 'text', text: 'x' }, 'not_a_file'],
    [
      'a stale expectedRevision',
      { type: 'text', text: 'x', expectedRevision: 'old' },
      'precondition_failed',
    ],
    [
      'expectedRevision for a canvas that does not exist',
      { path: 'new.canvas', type: 'text', text: 'x', expectedRevision: 'old' },
      'precondition_failed',
    ],
    ['an invalid canvas', { path: 'bad.canvas', type: 'text', text: 'x' }, 'invalid_canvas'],
  ] as const)('refuses %s and changes nothing', async (_name, args, code) => {
    vault = await openTestHost({
      'b.canvas': OBSIDIAN,
      'bad.canvas': '{"nodes":{}}',
      'n.md': '',
      'Dir.canvas/x.md': '',
      '.secret/x.md': '',
    });
    const before = await snapshotVault(vault.root);
    expect((await runFail(addCanvasNode, vault.host, { path: 'b.canvas', ...args })).code).toBe(
      code,
    );
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
