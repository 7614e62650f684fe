/**
 * Incremental updates of the LinkIndex: files created, deleted and renamed, with notes built from
 * plain linktexts so each test states only the links it is about.
 */
import { describe, expect, test } from 'bun:test';
import type { LinkCache } from 'obsidian';
import { LinkIndex, type LinkSources } from './link-index.ts';

const AT_START = { start: { line: 0, col: 0, offset: 0 }, end: { line: 0, col: 0, offset: 0 } };

/** A note's links, given as linktexts (`note`, `note#heading`, `#heading`). */
function linksTo(...linktexts: string[]): LinkSources {
  const links: LinkCache[] = linktexts.map((link) => ({
    link,
    original: `[[${link}]]`,
    position: AT_START,
  }));
  return { links };
}

/** An index over `files` (attachments too) with the given notes and their links. */
function indexWith(notes: Record<string, string[]>, files: string[] = []): LinkIndex {
  const index = new LinkIndex();
  for (const path of [...files, ...Object.keys(notes)]) index.addFile(path);
  for (const [path, links] of Object.entries(notes)) index.setNote(path, linksTo(...links));
  return index;
}

describe('LinkIndex', () => {
  test('counts resolved links by target and unresolved ones by linkpath, subpaths dropped', () => {
    const index = indexWith({
      'a.md': ['b', 'b#Heading', 'B#^block', 'missing#x', 'missing', '#Own heading'],
      'b.md': [],
    });
    expect(index.resolvedLinks['a.md']).toEqual({ 'b.md': 3, 'a.md': 1 });
    expect(index.unresolvedLinks['a.md']).toEqual({ missing: 2 });
    expect(index.resolvedLinks['b.md']).toEqual({});
  });

  test('counts embeds and frontmatter links like links', () => {
    const index = indexWith({ 'b.md': [] }, ['pic.png']);
    index.setNote('a.md', {
      embeds: [{ link: 'pic.png', original: '![[pic.png]]', position: AT_START }],
      frontmatterLinks: [{ key: 'up', link: 'b', original: '[[b]]' }],
    });
    expect(index.resolvedLinks['a.md']).toEqual({ 'pic.png': 1, 'b.md': 1 });
  });

  test('notes without links of a kind share one frozen empty record, a new link gets its own', () => {
    const index = indexWith({ 'a.md': ['b'], 'b.md': [], 'c.md': ['missing'] });
    const empty = index.unresolvedLinks['a.md'];
    expect(index.unresolvedLinks['b.md']).toBe(empty as Record<string, number>);
    expect(index.resolvedLinks['c.md']).toBe(empty as Record<string, number>);
    expect(Object.isFrozen(empty)).toBe(true); // a caller's write throws instead of changing all
    index.setNote('b.md', linksTo('gone'));
    expect(index.unresolvedLinks['b.md']).toEqual({ gone: 1 });
    expect(index.unresolvedLinks['a.md']).toEqual({});
    expect(index.resolvedLinks['c.md']).toEqual({});
  });

  test('backlinksOf is the reverse of resolvedLinks', () => {
    const index = indexWith({ 'a.md': ['c', 'c'], 'b.md': ['c'], 'c.md': [] });
    expect(index.backlinksOf('c.md')).toEqual({ 'a.md': 2, 'b.md': 1 });
    index.setNote('a.md', linksTo());
    expect(index.backlinksOf('c.md')).toEqual({ 'b.md': 1 });
  });

  test('a created file captures the links that did not resolve', () => {
    const index = indexWith({ 'a.md': ['Later'] });
    expect(index.unresolvedLinks['a.md']).toEqual({ Later: 1 });
    index.addFile('Folder/Later.md');
    expect(index.resolvedLinks['a.md']).toEqual({ 'Folder/Later.md': 1 });
    expect(index.unresolvedLinks['a.md']).toEqual({});
    expect(index.backlinksOf('Folder/Later.md')).toEqual({ 'a.md': 1 });
  });

  test('a created file in the source folder takes over a link that resolved elsewhere', () => {
    const index = indexWith({ 'Projects/plan.md': ['topic'], 'Archive/topic.md': [] });
    expect(index.resolvedLinks['Projects/plan.md']).toEqual({ 'Archive/topic.md': 1 });
    index.addFile('Projects/topic.md');
    expect(index.resolvedLinks['Projects/plan.md']).toEqual({ 'Projects/topic.md': 1 });
    expect(index.backlinksOf('Archive/topic.md')).toEqual({});
  });

  test('a deleted file leaves its links unresolved and its own links gone', () => {
    const index = indexWith({ 'a.md': ['b'], 'b.md': ['a'] });
    index.removeFile('b.md');
    expect(index.unresolvedLinks['a.md']).toEqual({ b: 1 });
    expect(index.resolvedLinks['b.md']).toBeUndefined();
    expect(index.backlinksOf('a.md')).toEqual({});
  });

  test('a deleted file hands its links to the next best file', () => {
    const index = indexWith({ 'Here/a.md': ['x'], 'Here/x.md': [], 'There/x.md': [] });
    index.removeFile('Here/x.md');
    expect(index.resolvedLinks['Here/a.md']).toEqual({ 'There/x.md': 1 });
  });

  test('a renamed file moves its links, which resolve from its new folder', () => {
    const index = indexWith({
      'Old/a.md': ['x', 'b'],
      'Old/x.md': [],
      'New/x.md': [],
      'b.md': ['a'],
    });
    index.renameFile('Old/a.md', 'New/a.md');
    expect(index.resolvedLinks['Old/a.md']).toBeUndefined();
    expect(index.resolvedLinks['New/a.md']).toEqual({ 'New/x.md': 1, 'b.md': 1 });
    expect(index.resolvedLinks['b.md']).toEqual({ 'New/a.md': 1 });
    expect(index.backlinksOf('New/a.md')).toEqual({ 'b.md': 1 });
  });

  test('a renamed file stops capturing links to its old name and captures links to its new one', () => {
    const index = indexWith({ 'a.md': ['draft', 'final'], 'draft.md': [] });
    index.renameFile('draft.md', 'final.md');
    expect(index.resolvedLinks['a.md']).toEqual({ 'final.md': 1 });
    expect(index.unresolvedLinks['a.md']).toEqual({ draft: 1 });
  });

  test('a link named like an object property is just a name', () => {
    const index = indexWith({ 'a.md': ['__proto__', 'constructor'] });
    expect(Object.entries(index.unresolvedLinks['a.md'] ?? {})).toEqual([
      ['__proto__', 1],
      ['constructor', 1],
    ]);
  });

  test('setNote with null removes the note', () => {
    const index = indexWith({ 'a.md': ['b'], 'b.md': [] });
    index.setNote('a.md', null);
    expect(Object.keys(index.resolvedLinks)).toEqual(['b.md']);
    expect(index.backlinksOf('b.md')).toEqual({});
  });
  test('backlinks kept after the first ask equal a pass over resolvedLinks through every change', () => {
    const index = indexWith({ 'a.md': ['b', 'b', 'c'], 'b.md': ['c'], 'c.md': ['a'] });
    const pass = (target: string) => {
      const counts: Record<string, number> = {};
      for (const [source, targets] of Object.entries(index.resolvedLinks))
        if (targets[target] !== undefined) counts[source] = targets[target];
      return counts;
    };
    const same = () => {
      for (const target of ['a.md', 'b.md', 'c.md', 'Sub/b.md', 'd.md', 'Sub/c2.md'])
        expect(index.backlinksOf(target)).toEqual(pass(target));
    };
    same();
    index.setNote('a.md', linksTo('c', 'd'));
    same();
    index.addFile('d.md');
    same();
    index.renameFile('b.md', 'Sub/b.md');
    same();
    index.renameFile('c.md', 'Sub/c2.md');
    same();
    index.restoreNote('e.md', () => ['d'], { resolved: () => ({ 'd.md': 1 }), unresolved: {} });
    same();
    index.removeFile('d.md');
    same();
    index.setNote('a.md', null);
    same();
  });

  describe('a note restored with the counts of a previous run', () => {
    /** The same vault built twice: resolving every note, and restoring `a.md` from `counts`. */
    function resolvedAndRestored(files: string[], links: string[]) {
      const resolved = indexWith({ 'a.md': links }, files);
      const restored = new LinkIndex();
      for (const path of [...files, 'a.md']) restored.addFile(path);
      let asked = 0;
      restored.restoreNote(
        'a.md',
        () => {
          asked++;
          return links;
        },
        {
          resolved: () => ({ ...resolved.resolvedLinks['a.md'] }),
          unresolved: { ...resolved.unresolvedLinks['a.md'] },
        },
      );
      return { resolved, restored, asked: () => asked };
    }

    test('answers like a resolved one, and asks for its link texts only when they are needed', () => {
      const { resolved, restored, asked } = resolvedAndRestored(['b.md'], ['b#x', 'c', 'b']);
      expect(restored.resolvedLinks['a.md']).toEqual({ 'b.md': 2 });
      expect(restored.unresolvedCount()).toBe(1);
      expect(asked()).toBe(0);
      for (const index of [resolved, restored]) index.addFile('Folder/c.md');
      expect(restored.resolvedLinks['a.md']).toEqual(resolved.resolvedLinks['a.md'] ?? {});
      expect(restored.resolvedLinks['a.md']).toEqual({ 'b.md': 2, 'Folder/c.md': 1 });
      for (const index of [resolved, restored]) index.removeFile('b.md');
      expect(restored.unresolvedLinks['a.md']).toEqual({ b: 2 });
      expect(asked()).toBeGreaterThan(0);
    });

    test('moves with its links, and leaves no key behind when it goes', () => {
      const { restored, asked } = resolvedAndRestored(['b.md'], ['b', 'gone']);
      restored.prepare(1).step(); // the key index exists, still owing this note's keys
      restored.renameFile('a.md', 'Sub/a2.md');
      expect(restored.resolvedLinks['Sub/a2.md']).toEqual({ 'b.md': 1 });
      expect(restored.resolvedLinks['a.md']).toBeUndefined();
      restored.removeFile('Sub/a2.md');
      restored.addFile('gone.md');
      expect(Object.keys(restored.resolvedLinks)).toEqual([]);
      expect(asked()).toBeGreaterThan(0);
    });
  });
});
