/**
 * Finding link sites in a note or canvas and giving each a new linkpath in place, on text alone:
 * each form keeps everything but its linkpath, and nested or escaped text survives.
 */
import { describe, expect, test } from 'bun:test';
import type { TextEdit } from '../text-edits.ts';
import { applyDocumentEdits, linkpathEdit } from './link-rewrite.ts';
import { findLinkDocuments } from './link-sites.ts';

/** Every link of the file pointed at `linkpath`. */
function pointAll(path: string, text: string, linkpath: string): string {
  const edited = findLinkDocuments(path, text).map((document) => ({
    document,
    edits: document.sites
      .map((site) => linkpathEdit(site, linkpath))
      .filter((edit): edit is TextEdit => edit !== null),
  }));
  return applyDocumentEdits(text, edited);
}

describe('rewriting link sites in place', () => {
  test('wikilinks and embeds keep subpath, alias and an escaped table pipe', () => {
    const text = 'A [[Old]] ![[Old#H|alias]] | [[Old#^b\\|x]] |\n';
    expect(pointAll('n.md', text, 'New')).toBe('A [[New]] ![[New#H|alias]] | [[New#^b\\|x]] |\n');
  });

  test('markdown links keep text, subpath, title and angle brackets', () => {
    const text = '[a](Old.md#Sub%20h "t") ![b](<Old.md#x>) [c]( Old.md )\n';
    expect(pointAll('n.md', text, 'N w.md')).toBe(
      '[a](N%20w.md#Sub%20h "t") ![b](<N w.md#x>) [c]( N%20w.md )\n',
    );
  });

  test('an image inside a link text and the link itself are both rewritten', () => {
    expect(pointAll('n.md', '[![alt](pic.png)](Old.md)\n', 'new.md')).toBe(
      '[![alt](new.md)](new.md)\n',
    );
  });

  test('frontmatter links keep their quotes; other properties are not links', () => {
    const text = [
      '---',
      'up: "[[Old|a \\"b\\"]]"',
      "list: ['[[Old]]', x]",
      'text: "see [[Old]]"',
      '---',
      'Body [[Old]]',
    ].join('\n');
    expect(pointAll('n.md', text, "It's")).toBe(
      [
        '---',
        'up: "[[It\'s|a \\"b\\"]]"',
        "list: ['[[It''s]]', x]",
        'text: "see [[Old]]"',
        '---',
        "Body [[It's]]",
      ].join('\n'),
    );
  });

  test('a canvas keeps its formatting: file nodes get a path, text nodes are re-encoded', () => {
    const canvas = [
      '{ "nodes" : [',
      '  {"type":"file", "file" : "Old.md", "subpath":"#H", "x":1},',
      '  {"x":2, "text":"Say \\"hi\\" to [[Old]]\\n\\u00e9", "type":"text"},',
      '  {"type":"link", "url":"https://example.com"}',
      '], "edges": [] }',
    ].join('\n');
    expect(pointAll('b.canvas', canvas, 'New.md')).toBe(
      [
        '{ "nodes" : [',
        '  {"type":"file", "file" : "New.md", "subpath":"#H", "x":1},',
        '  {"x":2, "text":"Say \\"hi\\" to [[New.md]]\\né", "type":"text"},',
        '  {"type":"link", "url":"https://example.com"}',
        '], "edges": [] }',
      ].join('\n'),
    );
  });

  test('a canvas that is not JSON has no links', () => {
    const documents = findLinkDocuments('b.canvas', '{"nodes": [ {"type":"file","file":"a.md"}');
    expect(documents.flatMap((document) => document.sites)).toEqual([]);
  });
});
