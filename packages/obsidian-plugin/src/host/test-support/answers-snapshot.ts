/**
 * Everything a VaultAnswers gives, asked every way tools ask, as one value two answers can be
 * compared by: the note list, the file counts, the newest files at several lengths, the tag counts
 * with the notes counted for each tag, the broken-link sources with each one's linkpaths and
 * counts, each note's backlinks, the entries of every folder holding a note (and of the folders
 * of the missing paths), the notes' texts listed and read one by one, and what reading a missing
 * note fails with.
 */
import { NEWEST_KEPT } from '@mcp-connector/markdown/vault';
import { ToolError } from '@mcp-connector/shared';
import type { VaultAnswers } from '../vault-host.ts';
import { parentFolder } from '../vault-path.ts';

export async function answersSnapshot(answers: VaultAnswers, missing: string[] = []) {
  const notes = [...answers.sortedNotes()];
  const files = answers.fileCounts();
  const tags = answers.tagCounts().sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const sources = [...answers.brokenLinkSources()];
  return {
    notes,
    files: { ...files, topFolders: [...files.topFolders].sort() },
    newest: [0, 1, 3, 10, NEWEST_KEPT].map((count) => answers.newestFiles(count)),
    tags,
    counted: tags.map(({ tag }) => answers.notesCountedForTag(tag.toLowerCase()).sort()),
    sources,
    linkpaths: sources.map((source) => ({ ...answers.unresolvedLinksOf(source) })),
    counts: sources.map((source) => answers.brokenLinkCount(source)),
    brokenLinks: answers.brokenLinkCount(),
    backlinks: notes.map((path) => Object.entries(answers.backlinksOf(path)).sort()),
    entries: foldersOf([...notes, ...missing]).map((folder) => [...answers.folderEntries(folder)]),
    texts: (await answers.noteTexts()).map(({ path, text }) => [path, text]),
    read: await Promise.all(notes.map((path) => answers.noteText(path))),
    missing: await Promise.all(missing.map((path) => failureOf(answers.noteText(path)))),
  };
}

/** The folders holding these paths and every folder above them, the root first. */
function foldersOf(paths: readonly string[]): string[] {
  const folders = new Set<string>(['']);
  for (let path of paths)
    while (path !== '') {
      path = parentFolder(path);
      folders.add(path);
    }
  return [...folders].sort();
}

async function failureOf(reading: Promise<string>): Promise<unknown> {
  try {
    return { text: await reading };
  } catch (error) {
    if (error instanceof ToolError) return error.toFailure();
    throw error;
  }
}
