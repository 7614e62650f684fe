import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalLine } from './change-record.ts';
import { JournalFile } from './journal-file.ts';

let folder = '';
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function journalPath(): Promise<string> {
  folder = await mkdtemp(join(tmpdir(), 'journal-file-'));
  return join(folder, 'journal.jsonl');
}

const HEADER = '{"t":"journal","format":1}\n';
const abort = (id: string): JournalLine => ({ t: 'abort', id });

describe('JournalFile', () => {
  test('a new journal starts with its header, and appends survive a reopen', async () => {
    const path = await journalPath();
    const first = await JournalFile.open(path);
    expect(first.lines).toEqual([]);
    await first.file.append([abort('a'), abort('b')]);
    await first.file.close();
    const again = await JournalFile.open(path);
    expect(again.lines).toEqual([abort('a'), abort('b')]);
    expect(again.file.size).toBe((await readFile(path)).length);
    await again.file.close();
  });

  test('a torn last record is dropped and the file truncated to the last whole line', async () => {
    const path = await journalPath();
    await writeFile(path, `${HEADER}{"t":"abort","id":"a"}\n{"t":"abort","id":"b`);
    const opened = await JournalFile.open(path);
    expect(opened.lines).toEqual([abort('a')]);
    expect(opened.droppedBytes).toBe('{"t":"abort","id":"b'.length);
    await opened.file.append([abort('c')]);
    await opened.file.close();
    expect(await readFile(path, 'utf8')).toBe(
      `${HEADER}{"t":"abort","id":"a"}\n{"t":"abort","id":"c"}\n`,
    );
  });

  test('unreadable lines at the end go too (a crash can leave zeros); in the middle they are skipped', async () => {
    const path = await journalPath();
    const zeros = '\u0000'.repeat(12);
    await writeFile(
      path,
      `${HEADER}{"t":"abort","id":"a"}\nnot json\n{"t":"abort","id":"b"}\n${zeros}\n{"t":"nope"}\n`,
    );
    const opened = await JournalFile.open(path);
    expect(opened.lines).toEqual([abort('a'), abort('b')]);
    expect(opened.skippedLines).toBe(1);
    expect(opened.droppedBytes).toBe(`${zeros}\n{"t":"nope"}\n`.length);
    await opened.file.close();
  });

  test('a journal of another format is set aside, never read as this one', async () => {
    const path = await journalPath();
    await writeFile(path, '{"t":"journal","format":99}\n{"t":"abort","id":"a"}\n');
    const opened = await JournalFile.open(path, new Date(5));
    expect(opened.lines).toEqual([]);
    expect(opened.movedAside).toBe(`${path}.unsupported-5`);
    expect((await readdir(folder)).sort()).toEqual([
      'journal.jsonl',
      'journal.jsonl.unsupported-5',
    ]);
    await opened.file.close();
  });

  test('rewrite replaces everything after the header atomically', async () => {
    const path = await journalPath();
    const opened = await JournalFile.open(path);
    await opened.file.append([abort('a'), abort('b')]);
    await opened.file.rewrite([abort('b')]);
    await opened.file.append([abort('c')]);
    await opened.file.close();
    const reopened = await JournalFile.open(path);
    await reopened.file.close();
    expect(reopened.lines).toEqual([abort('b'), abort('c')]);
  });
  test('catchUp reads what another process appended, cuts a torn tail, and sees a rewrite', async () => {
    const path = await journalPath();
    const mine = (await JournalFile.open(path)).file;
    const theirs = (await JournalFile.open(path)).file;
    expect(await mine.catchUp()).toEqual([]);
    await theirs.append([abort('a'), abort('b')]);
    expect(await mine.catchUp()).toEqual([abort('a'), abort('b')]);
    expect(await mine.catchUp()).toEqual([]);
    await writeFile(path, '{"t":"abort","id":"c"}\n{"t":"abo', { flag: 'a' }); // a crash mid-append
    expect(await mine.catchUp()).toEqual([abort('c')]);
    await mine.append([abort('d')]);
    const reread = await JournalFile.open(path);
    expect(reread.lines).toEqual([abort('a'), abort('b'), abort('c'), abort('d')]);
    await reread.file.close();
    await theirs.rewrite([abort('e')]); // a compaction: a new file in its place
    expect(await mine.catchUp()).toBeNull();
    await Promise.all([mine.close(), theirs.close()]);
  });
  test('reopened after another version replaced it, a journal of another format is refused, not set aside', async () => {
    const path = await journalPath();
    const other = `{"t":"journal","format":99}\n`;
    await writeFile(path, other);
    const refused = await JournalFile.open(path, new Date(), true).catch((error: unknown) => error);
    expect((refused as { code?: string }).code).toBe('unsupported');
    expect(await readFile(path, 'utf8')).toBe(other);
    expect(await readdir(folder)).toEqual(['journal.jsonl']);
  });
});
