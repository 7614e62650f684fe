/**
 * NodeHost's vault-wide answers (VaultAnswers), kept current as the vault changes by the index
 * and the file table: file counts and the newest files (FileTally), each folder's sorted entries,
 * the tag tally, the sources with broken links and their counts, each file's backlinks (the link
 * graph's reverse map), the notes' texts. No answer takes a pass over every note, but the first
 * backlinks and the first folder listing, which make what the later ones keep (ADR-0044).
 *
 * `noteTexts` lists the index's own strings (no copies, no reads) once every text is in memory
 * (a warm start reads the restored ones after it is ready), and lists them again only when a
 * note changed since (the index's change mark) or the note list is a new one.
 */
import type { NoteText, VaultAnswers } from '@mcp-connector/obsidian-plugin/host';
import type { FileCounts, NewestFile, SectionSpan, TagCount } from '@mcp-connector/markdown/vault';
import type { VaultState } from './vault-state.ts';

export class NodeAnswers implements VaultAnswers {
  private listed: { paths: readonly string[]; mark: number; notes: readonly NoteText[] } | null =
    null;

  constructor(
    private readonly state: VaultState,
    /** Settles once the texts of the notes restored unread are read. */
    private readonly textsRead: Promise<void>,
    /** Told that a call waits for those texts: reading them then stands aside for nothing. */
    private readonly textsWanted: () => void = () => undefined,
  ) {}

  sortedNotes(): readonly string[] {
    return this.state.index.sortedNotes();
  }

  fileCounts(): FileCounts {
    return this.state.table.tally.counts();
  }

  newestFiles(count: number): NewestFile[] {
    return this.state.table.tally.newestFiles(count);
  }

  tagCounts(): TagCount[] {
    return this.state.index.tagCounts();
  }

  notesCountedForTag(key: string): string[] {
    return this.state.index.notesCountedForTag(key);
  }

  brokenLinkSources(): readonly string[] {
    return this.state.index.brokenLinkSources();
  }

  brokenLinkCount(source?: string): number {
    return this.state.index.brokenLinkCount(source);
  }

  unresolvedLinksOf(source: string): Readonly<Record<string, number>> {
    return this.state.index.unresolvedLinksOf(source);
  }

  backlinksOf(path: string): Readonly<Record<string, number>> {
    return this.state.index.backlinksOf(path);
  }

  folderEntries(folder: string): readonly string[] {
    return this.state.table.listings.of(folder);
  }

  /**
   * Waits for the texts (reading every unread one at once would hold the server for seconds),
   * then lists them. No pause while listing: 100,000 notes take milliseconds, while pausing let
   * the index's own catching up (tag counts) run first and made the first search wait seconds.
   */
  async noteTexts(): Promise<readonly NoteText[]> {
    this.textsWanted();
    await this.textsRead;
    const index = this.state.index;
    const paths = index.sortedNotes();
    const mark = index.changeMark;
    if (this.listed?.paths === paths && this.listed.mark === mark) return this.listed.notes;
    const notes: NoteText[] = [];
    for (const path of paths) {
      const text = index.noteText(path);
      if (text !== null) notes.push({ path, text });
    }
    this.listed = { paths, mark, notes };
    return notes;
  }

  async noteText(path: string): Promise<string> {
    return this.state.index.noteText(path) ?? (await this.state.readText(path));
  }

  noteSections(path: string, text: string): readonly SectionSpan[] | null {
    return this.state.index.noteSections(path, text);
  }
}
