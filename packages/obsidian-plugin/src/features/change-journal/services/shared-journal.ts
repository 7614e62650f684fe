/**
 * The journal's file, log and before-images, shared by every server on the vault (ADR-0030):
 * Obsidian and a headless server, or a stdio server per client. A process reads and writes them
 * in turns: its own turn (the change lock: its calls one at a time), then the vault's (the
 * journal's lock between processes, journal-lock.ts), and once it has the vault's turn it first
 * catches up with what the others wrote since (their changes, a compaction that replaced the
 * file, the before-images they added or removed).
 */
import { Mutex, ToolError, diskFull, isDiskFull, type ProcessLock } from '@mcp-connector/shared';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ChangeLog } from './change-log.ts';
import type { JournalLine } from './change-record.ts';
import { ImageStore } from './image-store.ts';
import { JournalFile, type OpenedJournal } from './journal-file.ts';
import { journalLock } from './journal-lock.ts';

export class SharedJournal {
  private readonly lock = new Mutex();
  /** Turns (`synced`) of this process running or waiting. */
  private turns = 0;

  private constructor(
    private readonly folder: string,
    private readonly fileLock: ProcessLock,
    private file: JournalFile,
    readonly images: ImageStore,
    readonly log: ChangeLog,
    private readonly now: () => Date,
  ) {}

  /** Opens the journal in `folder`, and says what was odd about it (a torn last record...). */
  static async open(
    folder: string,
    now: () => Date,
    configDir: string,
  ): Promise<{ journal: SharedJournal; problems: string[] }> {
    await mkdir(folder, { recursive: true });
    const fileLock = journalLock(folder);
    // Opening may cut a torn tail off: only while no other process can be mid-append.
    const opened = await fileLock.hold(() => JournalFile.open(journalPathIn(folder)));
    const images = await ImageStore.open(join(folder, 'images'));
    const log = new ChangeLog(configDir);
    log.reset(opened.lines);
    const journal = new SharedJournal(folder, fileLock, opened.file, images, log, now);
    return { journal, problems: [...openingProblems(opened), ...refusedProblems(log)] };
  }

  /** Runs `section` in this process's turn and then the vault's, once caught up. */
  synced<T>(section: () => Promise<T>): Promise<T> {
    this.turns++;
    return this.ownTurn(() => this.vaultTurn(section)).finally(() => this.turns--);
  }

  /** Runs `section` in this process's turn only (it may take the vault's later). */
  ownTurn<T>(section: () => Promise<T>): Promise<T> {
    return this.lock.run(section);
  }

  /** Runs `section` holding the journal's lock between processes, once caught up. */
  vaultTurn<T>(section: () => Promise<T>): Promise<T> {
    return this.fileLock.hold(async () => {
      await this.catchUp();
      return section();
    });
  }

  /**
   * Catches up for a read when no turn of this process is running or waiting and no other
   * process holds the journal; else the read answers from what this process knows, rather than
   * waiting behind writes (its own, or another server's long call).
   */
  async catchUpForRead(): Promise<void> {
    if (this.turns > 0) return;
    await this.lock.run(() => this.fileLock.hold(() => this.catchUp(), 0)).catch(() => undefined);
  }

  /** Appends lines to the file and folds them into the log (in the vault's turn). */
  async append(lines: readonly JournalLine[]): Promise<void> {
    try {
      await this.file.append(lines);
    } catch (error) {
      if (isDiskFull(error)) throw diskFull();
      throw new ToolError(
        'internal_error',
        'The change journal could not be written (is the disk full or read-only?); nothing was changed.',
      );
    }
    for (const line of lines) this.log.apply(line);
  }

  /** The file's size in bytes. */
  get fileBytes(): number {
    return this.file.size;
  }

  /** Replaces the file with the log's lines (compaction, in the vault's turn). */
  rewrite(): Promise<void> {
    return this.file.rewrite(this.log.lines());
  }

  async close(): Promise<void> {
    await this.lock.run(() => this.file.close());
  }

  /** Folds in what other processes wrote since this one last read or wrote the journal. */
  private async catchUp(): Promise<void> {
    const added = await this.file.catchUp();
    if (added !== null && added.length === 0) return;
    if (added === null) {
      const opened = await JournalFile.open(journalPathIn(this.folder), this.now(), true);
      await this.file.close();
      this.file = opened.file;
      this.log.reset(opened.lines);
    } else for (const line of added) this.log.apply(line);
    await this.images.rescan();
  }
}

function journalPathIn(folder: string): string {
  return join(folder, 'journal.jsonl');
}

function refusedProblems(log: ChangeLog): string[] {
  if (log.refused.size === 0) return [];
  const ids = [...log.refused.keys()].slice(0, 5).join(', ');
  return [
    `The change journal holds ${log.refused.size} records naming paths no tool could (outside the vault, its config folder) or before-images not named by their hash (${ids}); they were set aside and will never be undone.`,
  ];
}

function openingProblems(opened: OpenedJournal): string[] {
  const problems: string[] = [];
  if (opened.droppedBytes > 0)
    problems.push(
      `The change journal's last record was incomplete (the app stopped while writing it); it was dropped (${opened.droppedBytes} bytes).`,
    );
  if (opened.skippedLines > 0)
    problems.push(
      `The change journal had ${opened.skippedLines} unreadable records; they were skipped.`,
    );
  if (opened.movedAside !== null)
    problems.push(
      'The change journal was in a format this version cannot read; it was set aside and a new one started.',
    );
  return problems;
}
