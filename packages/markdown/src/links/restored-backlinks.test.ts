/**
 * Notes restored with their cache's reverse map (RestoredCounts.backlinks, ADR-0060): backlinks
 * answer from it, walking no restored note's targets, and sources set before or changed since
 * are answered as they are now.
 */
import { describe, expect, test } from 'bun:test';
import { LinkIndex, type RestoredBacklinks } from './link-index.ts';

const NOTES = 40;

/** Note i links to `n{i % 4}`; `base` is the reverse of those counts, as the cache makes it. */
function restoredVault(options: { setFirst?: string } = {}) {
  const index = new LinkIndex();
  const asked = { walks: 0, counts: 0, lookups: 0 };
  const paths = Array.from({ length: NOTES }, (_, i) => `n${i}.md`);
  const target = (i: number) => `n${i % 4}.md`;
  const base: RestoredBacklinks = {
    eachSource(of, visit) {
      asked.lookups++;
      paths.forEach((path, i) => {
        if (target(i) === of) visit(path);
      });
    },
  };
  for (const path of paths) index.addFile(path);
  if (options.setFirst !== undefined) index.setNoteLinks(options.setFirst, () => ['n1']);
  paths.forEach((path, i) => {
    if (path === options.setFirst) return;
    index.restoreNote(path, () => [`n${i % 4}`], {
      resolved: () => {
        asked.counts++;
        return { [target(i)]: 1 };
      },
      unresolved: {},
      eachResolvedTarget: (visit) => {
        asked.walks++;
        visit(target(i));
      },
      backlinks: base,
    });
  });
  return { index, asked };
}

/** `target`'s backlinks as a pass over every source's counts finds them. */
function pass(index: LinkIndex, target: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [source, targets] of Object.entries(index.resolvedLinks))
    if (targets[target] !== undefined) counts[source] = targets[target];
  return counts;
}

describe('LinkIndex with restored backlinks', () => {
  test('the first backlinks answer from the restored map: no target walked, no count kept', () => {
    const { index, asked } = restoredVault();
    expect(Object.keys(index.backlinksOf('n1.md')).sort()).toEqual(
      Array.from({ length: NOTES / 4 }, (_, i) => `n${i * 4 + 1}.md`).sort(),
    );
    expect(asked.walks).toBe(0);
    expect(asked.counts).toBe(NOTES / 4); // the sources named, for their counts
    expect(index.backlinksOf('n1.md')).toEqual(pass(index, 'n1.md'));
  });

  test('the steps after ready walk no restored note either', () => {
    const { index, asked } = restoredVault();
    const preparing = index.prepare(3);
    while (preparing.step());
    expect(asked.walks).toBe(0);
    expect(index.backlinksOf('n2.md')).toEqual(pass(index, 'n2.md'));
  });

  test('a source set before the first restored note is answered too', () => {
    const { index } = restoredVault({ setFirst: 'n6.md' });
    expect(index.backlinksOf('n1.md')['n6.md']).toBe(1);
    expect(index.backlinksOf('n2.md')['n6.md']).toBeUndefined();
    expect(index.backlinksOf('n1.md')).toEqual(pass(index, 'n1.md'));
  });

  test('sources changed, removed, renamed or restored again answer as they are now', () => {
    const { index } = restoredVault();
    index.setNoteLinks('n5.md', () => ['n2', 'n1']); // was n1 only: keeps it, gains n2
    index.setNoteLinks('n9.md', () => ['n3']); // was n1
    index.removeFile('n13.md');
    index.renameFile('n17.md', 'Sub/n17.md');
    index.restoreNote('n10.md', () => ['n0'], { resolved: () => ({ 'n0.md': 1 }), unresolved: {} });
    index.setNoteLinks('n21.md', () => ['n2']); // away from n1, then back
    index.setNoteLinks('n21.md', () => ['n1', 'n1']);
    for (const target of ['n0.md', 'n1.md', 'n2.md', 'n3.md', 'Sub/n17.md', 'n13.md'])
      expect(index.backlinksOf(target)).toEqual(pass(index, target));
    expect(index.backlinksOf('n1.md')['n21.md']).toBe(2);
    expect(index.backlinksOf('n1.md')['n9.md']).toBeUndefined();
  });

  test('a target renamed or removed since is answered as it is now', () => {
    const { index } = restoredVault();
    index.renameFile('n1.md', 'Sub/n1.md'); // its sources' [[n1]] follow it
    index.removeFile('n2.md');
    for (const target of ['n1.md', 'Sub/n1.md', 'n2.md', 'n3.md'])
      expect(index.backlinksOf(target)).toEqual(pass(index, target));
    expect(Object.keys(index.backlinksOf('Sub/n1.md'))).toHaveLength(NOTES / 4);
    expect(index.backlinksOf('n1.md')).toEqual({});
  });
});
