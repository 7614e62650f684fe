/**
 * FileTally against the answer a pass over every file gives, after random additions, edits
 * (newer and older), deletions and folder changes over more files than the newest list keeps.
 */
import { describe, expect, test } from 'bun:test';
import { FileTally, NEWEST_KEPT, type NewestFile } from './file-tally.ts';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

class Vault {
  readonly files = new Map<string, number>();
  readonly folders = new Set<string>();
  readonly tally = new FileTally(() =>
    [...this.files].map(([path, mtime]): NewestFile => ({ path, mtime })),
  );

  set(path: string, mtime: number): void {
    const previous = this.files.get(path) ?? null;
    this.files.set(path, mtime);
    this.tally.setFile(path, path.endsWith('.md'), mtime, previous);
  }

  /** As FileTable does: only a file that is there. */
  delete(path: string): void {
    if (!this.files.delete(path)) return;
    this.tally.deleteFile(path, path.endsWith('.md'));
  }

  /** What a pass over every file answers. */
  expected() {
    const notes = [...this.files.keys()].filter((path) => path.endsWith('.md'));
    const topFolders = new Map<string, number>();
    for (const folder of this.folders) if (!folder.includes('/')) topFolders.set(folder, 0);
    for (const note of notes)
      if (note.includes('/')) {
        const top = note.slice(0, note.indexOf('/'));
        topFolders.set(top, (topFolders.get(top) ?? 0) + 1);
      }
    const newest = [...this.files]
      .map(([path, mtime]) => ({ path, mtime }))
      .sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : 1));
    return {
      counts: {
        notes: notes.length,
        otherFiles: this.files.size - notes.length,
        bases: [...this.files.keys()].filter((path) => path.endsWith('.base')).length,
        folders: this.folders.size,
        rootNotes: notes.filter((note) => !note.includes('/')).length,
        topFolders,
      },
      newest,
    };
  }
}

describe('FileTally', () => {
  test('counts and newest files agree with a pass over every file through random changes', () => {
    const next = random(7);
    const vault = new Vault();
    const pathOf = (n: number) =>
      `${['A', 'B', 'C/D', ''][n % 4]}${n % 4 === 3 ? '' : '/'}f${n}.${['png', 'md', 'md', 'md', 'base'][n % 5]}`;
    for (let n = 0; n < NEWEST_KEPT + 300; n++) vault.set(pathOf(n), n * 10);
    for (const folder of ['A', 'B', 'C', 'C/D']) {
      vault.folders.add(folder);
      vault.tally.addFolder(folder);
    }
    for (let round = 0; round < 3000; round++) {
      const n = Math.floor(next() * (NEWEST_KEPT + 600));
      const path = pathOf(n);
      const choice = next();
      if (choice < 0.3)
        vault.set(path, 20_000 + round); // newer
      else if (choice < 0.5)
        vault.set(path, Math.floor(next() * 20_000)); // any time, older too
      else if (choice < 0.7) vault.delete(path);
      else if (choice < 0.75) {
        vault.folders.add('E');
        vault.tally.addFolder('E');
      } else if (choice < 0.8) {
        vault.folders.delete('E');
        vault.tally.deleteFolder('E');
      }
      if (round % 50 === 0 || round > 2950) {
        const { counts, newest } = vault.expected();
        expect(vault.tally.counts()).toEqual(counts);
        expect(vault.tally.newestFiles(NEWEST_KEPT)).toEqual(newest.slice(0, NEWEST_KEPT));
        expect(vault.tally.newestFiles(10)).toEqual(newest.slice(0, 10));
        // Made at once from the same files (a host that keeps no tally), it says the same.
        const made = FileTally.of(
          [...vault.files].map(([path, mtime]) => ({ path, mtime })),
          vault.folders,
        );
        expect(made.counts()).toEqual(counts);
        expect(made.newestFiles(NEWEST_KEPT)).toEqual(newest.slice(0, NEWEST_KEPT));
      }
    }
  });

  test('a file deleted from a full list is replaced by the next newest', () => {
    const vault = new Vault();
    for (let n = 0; n <= NEWEST_KEPT; n++) vault.set(`n${n}.md`, n);
    expect(vault.tally.newestFiles(1)).toEqual([
      { path: `n${NEWEST_KEPT}.md`, mtime: NEWEST_KEPT },
    ]);
    vault.delete(`n${NEWEST_KEPT}.md`);
    const newest = vault.tally.newestFiles(NEWEST_KEPT);
    expect(newest).toHaveLength(NEWEST_KEPT);
    expect(newest.at(-1)).toEqual({ path: 'n0.md', mtime: 0 });
  });
});
