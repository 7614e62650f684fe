/**
 * The journal file: JSON Lines, append-only, one record a line. Every append is one write of
 * whole lines followed by fdatasync, so after a crash the file holds every acknowledged line and
 * at most one torn line at its end. Opening drops that torn tail (and any unreadable lines after
 * the last good one) by truncating the file back to the end of the last good line; an unreadable
 * line followed by good ones is skipped and counted, never allowed to hide what follows it.
 * A failed append is truncated away at once, so the next append never joins a torn line.
 * Compaction replaces the whole file atomically (`rewrite`). Other processes may append to the
 * same file and replace it, each holding the journal's lock (journal-lock.ts, ADR-0030);
 * `catchUp` reads what they wrote since.
 */
import { ToolError, writeAll, writeFileAtomic } from '@mcp-connector/shared';
import { ArkErrors } from 'arktype';
import { fstatSync, statSync } from 'node:fs';
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { JOURNAL_FORMAT, parseJournalLine, type JournalLine } from './change-record.ts';

const NEWLINE = 0x0a;

export interface OpenedJournal {
  file: JournalFile;
  lines: JournalLine[];
  /** Bytes dropped from the end: a torn last record. */
  droppedBytes: number;
  /** Unreadable lines skipped in the middle of the file. */
  skippedLines: number;
  /** The file had another format and was moved aside to this path. */
  movedAside: string | null;
}

export class JournalFile {
  private constructor(
    readonly path: string,
    private handle: FileHandle,
    private bytes: number,
  ) {}

  /**
   * Reads the journal (creating it when missing) and leaves it ready for appends. A journal of
   * another format is set aside at a start; `refuseOtherFormat` (a reopen after another process
   * replaced the file: another version is running) refuses instead, touching nothing.
   */
  static async open(
    path: string,
    now: Date = new Date(),
    refuseOtherFormat = false,
  ): Promise<OpenedJournal> {
    const data = await readIfExists(path);
    const parsed = parseLines(data);
    let movedAside: string | null = null;
    if (parsed.lines.length > 0 && !isCurrentHeader(parsed.lines[0])) {
      if (refuseOtherFormat) throw otherVersion();
      movedAside = `${path}.unsupported-${now.getTime()}`;
      await rename(path, movedAside);
      return { ...(await JournalFile.open(path, now)), movedAside };
    }
    if (parsed.lines.length === 0) {
      await writeFileAtomic(path, encodeLines([{ t: 'journal', format: JOURNAL_FORMAT }]));
      return { ...(await JournalFile.open(path, now)), droppedBytes: data.length };
    }
    if (parsed.goodBytes < data.length) {
      const handle = await open(path, 'r+');
      try {
        await handle.truncate(parsed.goodBytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
    }
    const file = new JournalFile(path, await open(path, 'a'), parsed.goodBytes);
    return {
      file,
      lines: parsed.lines.slice(1),
      droppedBytes: data.length - parsed.goodBytes,
      skippedLines: parsed.skipped,
      movedAside,
    };
  }

  /** Size of the file in bytes. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Appends whole lines, every byte checked written (a full disk's short write fails with
   * `disk_full` and is cut off), and flushes them to disk before returning.
   */
  async append(lines: readonly JournalLine[]): Promise<void> {
    const data = encodeLines(lines);
    try {
      await writeAll(this.handle, data);
      await this.handle.datasync();
    } catch (error) {
      await this.handle.truncate(this.bytes).catch(() => undefined);
      throw error;
    }
    this.bytes += data.length;
  }

  /**
   * The lines other processes appended since this one last read or wrote, or null when another
   * process replaced the file (a compaction): then open it again. Call it holding the journal's
   * lock, so nobody is mid-append: a torn tail is a crash's, and is cut off as at open.
   */
  async catchUp(): Promise<JournalLine[] | null> {
    // Synchronous: two stats around every journaled write, quicker than two trips to libuv's pool.
    const onDisk = statSync(this.path, { throwIfNoEntry: false });
    const mine = fstatSync(this.handle.fd);
    const replaced =
      onDisk === undefined ||
      onDisk.ino !== mine.ino ||
      onDisk.dev !== mine.dev ||
      onDisk.birthtimeMs !== mine.birthtimeMs ||
      onDisk.size < this.bytes;
    if (replaced) return null;
    if (onDisk.size === this.bytes) return [];
    const added = await readFrom(this.path, this.bytes, onDisk.size - this.bytes);
    const parsed = parseLines(added);
    if (parsed.goodBytes < added.length) await this.handle.truncate(this.bytes + parsed.goodBytes);
    this.bytes += parsed.goodBytes;
    return parsed.lines;
  }

  /** Replaces the whole journal with these lines (after the header), atomically. */
  async rewrite(lines: readonly JournalLine[]): Promise<void> {
    const data = encodeLines([{ t: 'journal', format: JOURNAL_FORMAT }, ...lines]);
    await writeFileAtomic(this.path, data);
    await this.handle.close();
    this.handle = await open(this.path, 'a');
    this.bytes = data.length;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

function otherVersion(): ToolError {
  return new ToolError(
    'unsupported',
    'The change journal was rewritten by another version of Local MCP Server serving this vault; nothing was changed. Update this server (or stop the other) and start it again.',
  );
}

export function encodeLines(lines: readonly JournalLine[]): Buffer {
  return Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), 'utf8');
}

function isCurrentHeader(line: JournalLine | undefined): boolean {
  return line?.t === 'journal' && line.format === JOURNAL_FORMAT;
}

async function readFrom(path: string, position: number, length: number): Promise<Buffer> {
  const data = Buffer.alloc(length);
  const reader = await open(path, 'r');
  try {
    for (let done = 0; done < length;) {
      const { bytesRead } = await reader.read(data, done, length - done, position + done);
      if (bytesRead === 0) return data.subarray(0, done);
      done += bytesRead;
    }
  } finally {
    await reader.close();
  }
  return data;
}

async function readIfExists(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  }
}

/** The readable lines, how many bytes up to the end of the last one, and lines skipped. */
function parseLines(data: Buffer): { lines: JournalLine[]; goodBytes: number; skipped: number } {
  const lines: JournalLine[] = [];
  let goodBytes = 0;
  let unreadableSinceGood = 0;
  let skipped = 0;
  let start = 0;
  for (let end = data.indexOf(NEWLINE, start); end !== -1; end = data.indexOf(NEWLINE, start)) {
    const line = parseLine(data.subarray(start, end));
    start = end + 1;
    if (line === null) {
      unreadableSinceGood++;
      continue;
    }
    lines.push(line);
    goodBytes = start;
    skipped += unreadableSinceGood;
    unreadableSinceGood = 0;
  }
  return { lines, goodBytes, skipped };
}

function parseLine(bytes: Buffer): JournalLine | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const line = parseJournalLine(value);
  return line instanceof ArkErrors ? null : line;
}
