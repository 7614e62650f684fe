/**
 * What a big vault's load leaves to be made after it (LinkIndex.prepare): the key index and the
 * reverse map, made a step at a time. A file created meanwhile costs its own links, not the rest
 * of the key index; backlinks asked once the steps are done cost the sources they name. Counted
 * by how often a restored note's link texts and counts are asked for, not by time.
 */
import { describe, expect, test } from 'bun:test';
import { LinkIndex } from './link-index.ts';

const NOTES = 40;

/**
 * Notes 0..NOTES-1 restored from a previous run, note i linking to `c` (unresolved) and `n{i % 4}`;
 * `walkable` gives the counts a walk of their targets, as the metadata cache's do.
 */
function restoredVault(walkable = false) {
  const index = new LinkIndex();
  const asked = { texts: 0, counts: 0, walks: 0 };
  const paths = Array.from({ length: NOTES }, (_, i) => `n${i}.md`);
  for (const path of paths) index.addFile(path);
  paths.forEach((path, i) =>
    index.restoreNote(
      path,
      () => {
        asked.texts++;
        return ['c', `n${i % 4}`];
      },
      {
        resolved: () => {
          asked.counts++;
          return { [`n${i % 4}.md`]: 1 };
        },
        unresolved: { c: 1 },
        ...(walkable && {
          eachResolvedTarget: (visit: (target: string) => void) => {
            asked.walks++;
            visit(`n${i % 4}.md`);
          },
        }),
      },
    ),
  );
  return { index, asked, paths };
}

/** `target`'s backlinks as a pass over every source's counts finds them. */
function pass(index: LinkIndex, target: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [source, targets] of Object.entries(index.resolvedLinks))
    if (targets[target] !== undefined) counts[source] = targets[target];
  return counts;
}

describe('LinkIndex.prepare', () => {
  test('a file created while the key index is made costs its links; the rest follow later', () => {
    const { index, asked } = restoredVault();
    const preparing = index.prepare(4);
    preparing.step(); // 4 sources indexed, the others owed
    const before = asked.texts;
    index.addFile('Folder/c.md');
    expect(asked.texts - before).toBeLessThanOrEqual(4);
    while (preparing.step());
    expect(index.unresolvedCount()).toBe(0);
    expect(index.resolvedLinks['n39.md']).toEqual({ 'n3.md': 1, 'Folder/c.md': 1 });
  });

  test('an answer asked before the key index is done gets every source re-resolved', () => {
    const { index } = restoredVault();
    index.prepare(4).step();
    index.addFile('c.md');
    expect(index.unresolvedCount()).toBe(0);
    expect(index.backlinksOf('c.md')).toEqual(pass(index, 'c.md'));
    expect(Object.keys(index.backlinksOf('c.md'))).toHaveLength(NOTES);
  });

  test('backlinks once the steps are done make only the counts of the sources they name', () => {
    const { index, asked } = restoredVault();
    const preparing = index.prepare(4);
    while (preparing.step());
    const before = asked.counts;
    expect(Object.keys(index.backlinksOf('n0.md'))).toHaveLength(NOTES / 4);
    expect(index.backlinksOf('n5.md')).toEqual({});
    expect(asked.counts - before).toBe(NOTES / 4); // n0's sources, read not kept; none for n5
  });

  test('the first backlinks after a warm start walk the restored targets, making no counts', () => {
    const { index, asked } = restoredVault(true);
    expect(Object.keys(index.backlinksOf('n1.md')).sort()).toEqual(
      Array.from({ length: NOTES / 4 }, (_, i) => `n${i * 4 + 1}.md`).sort(),
    );
    expect(asked.walks).toBe(NOTES);
    expect(asked.counts).toBe(NOTES / 4); // only the sources named, for their counts
    expect(index.backlinksOf('n1.md')).toEqual(pass(index, 'n1.md'));
  });

  test('the reverse map made in steps from walked targets follows changes made between them', () => {
    const { index, paths, asked } = restoredVault(true);
    const preparing = index.prepare(3);
    let round = 0;
    while (preparing.step()) {
      const path = paths[(round * 5) % NOTES] as string;
      if (round % 2 === 0) index.renameFile(path, `Sub/${path}`);
      else
        index.restoreNote(path, () => ['n2'], { resolved: () => ({ 'n2.md': 1 }), unresolved: {} });
      round++;
    }
    expect(asked.counts).toBe(0);
    for (const target of ['n0.md', 'n1.md', 'n2.md', 'Sub/n5.md'])
      expect(index.backlinksOf(target)).toEqual(pass(index, target));
  });

  test('the reverse map made in steps follows changes made between them', () => {
    const { index, paths } = restoredVault();
    const preparing = index.prepare(3);
    let round = 0;
    while (preparing.step()) {
      const path = paths[(round * 7) % NOTES] as string;
      if (round % 3 === 0) index.removeFile(path);
      else if (round % 3 === 1) index.renameFile(path, `Sub/${path}`);
      else
        index.restoreNote(path, () => ['n1'], { resolved: () => ({ 'n1.md': 1 }), unresolved: {} });
      round++;
    }
    for (const target of ['n0.md', 'n1.md', 'Sub/n7.md', 'c.md'])
      expect(index.backlinksOf(target)).toEqual(pass(index, target));
  });
});
