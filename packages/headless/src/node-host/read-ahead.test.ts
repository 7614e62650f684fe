/**
 * Read-ahead for a cold build (read-ahead.ts): no thread while the build's reads are quick;
 * after slow ones, a thread that reads the files asked for and no more, follows no link put in
 * a file's place, waits on no FIFO, and is asked for the next files only while reads past the
 * last ones asked for stay slow. A thread that cannot start or dies changes nothing.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { execFileSync } from 'node:child_process';
import { rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { toFileStat } from './file-stats.ts';
import { ReadAhead, SLOW_READ_MS } from './read-ahead.ts';
import type { ScannedFile } from './vault-scan.ts';

let vault: TempVault | null = null;
let readAhead: ReadAhead | null = null;

afterEach(async () => {
  readAhead?.close();
  readAhead = null;
  await vault?.remove();
  vault = null;
});

/** A batch of `count` reads that took this long each. */
const QUICK = SLOW_READ_MS / 10;
const SLOW = SLOW_READ_MS * 10;

async function vaultOf(count: number): Promise<ScannedFile[]> {
  const files = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`notes/${i}.md`, `# Note ${i}\n`]),
  );
  vault = await buildVault(files);
  const root = vault.root;
  return Promise.all(
    Object.keys(files).map(async (path) => ({
      path,
      diskPath: path,
      stat: toFileStat(await stat(join(root, path))),
    })),
  );
}

function start(files: ScannedFile[], options: ConstructorParameters<typeof ReadAhead>[2] = {}) {
  readAhead = new ReadAhead(vault!.root, files, options);
  return readAhead;
}

/** The build read batches of `size` files one after another, each read taking `msEach`. */
function readBatches(
  reader: ReadAhead,
  from: number,
  batches: number,
  size: number,
  msEach: number,
) {
  for (let b = 0; b < batches; b++) {
    const readTo = from + (b + 1) * size;
    reader.batchRead(readTo, size, size * msEach);
  }
  return from + batches * size;
}

describe('read-ahead for a cold build', () => {
  test('quick reads start no thread; nor do two slow batches among quick ones', async () => {
    const files = await vaultOf(40);
    const reader = start(files, { filesAhead: 10 });
    let at = readBatches(reader, 0, 3, 2, QUICK);
    at = readBatches(reader, at, 2, 2, SLOW);
    readBatches(reader, at, 2, 2, QUICK);
    expect(reader.running).toBe(false);
    expect(await reader.settled()).toBe(0);
  });

  test('after three slow batches it reads the files asked for past them, and no more', async () => {
    const files = await vaultOf(40);
    const reader = start(files, { filesAhead: 10 });
    readBatches(reader, 0, 3, 2, SLOW); // read up to file 6: files 6 to 15 are asked for
    expect(reader.running).toBe(true);
    expect(await reader.settled()).toBe(10);
    // Reads of what was asked for ask for nothing, slow or quick; nor does a quick batch past it.
    readBatches(reader, 6, 1, 2, SLOW);
    readBatches(reader, 8, 4, 2, QUICK);
    readBatches(reader, 16, 1, 2, QUICK);
    expect(await reader.settled()).toBe(10);
    // A slow batch past what was asked for asks for the next files at once.
    readBatches(reader, 18, 1, 2, SLOW);
    expect(await reader.settled()).toBe(20);
  });

  test('a link or a FIFO put in a file’s place is neither followed nor waited on', async () => {
    const files = await vaultOf(8);
    const root = vault!.root;
    const outside = join(root, '..', 'outside.md'); // removed with the vault's temp folder
    await writeFile(outside, 'outside the vault\n');
    await rm(join(root, 'notes/3.md'));
    await symlink(outside, join(root, 'notes/3.md'));
    await rm(join(root, 'notes/4.md'));
    execFileSync('mkfifo', [join(root, 'notes/4.md')]);
    const reader = start(files, { filesAhead: 8 });
    for (let i = 0; i < 3; i++) reader.batchRead(1, 0, SLOW); // batches of no reads say nothing
    expect(reader.running).toBe(false);
    for (let i = 0; i < 3; i++) reader.batchRead(1, 1, SLOW);
    expect(reader.running).toBe(true);
    // Files 1 to 7 asked for: the link and the FIFO are not read, and nothing hangs.
    expect(await reader.settled()).toBe(5);
  });

  test('a thread that cannot start or dies: nothing is read ahead, and nothing fails', async () => {
    const files = await vaultOf(10);
    for (const threadUrl of [
      new URL('./no-such-read-ahead-thread.mjs', import.meta.url),
      new URL('../test-support/failing-thread.ts', import.meta.url),
    ]) {
      const reader = start(files, { filesAhead: 4, threadUrl });
      readBatches(reader, 0, 3, 1, SLOW);
      expect(await reader.settled()).toBe(0);
      expect(reader.running).toBe(false);
      readBatches(reader, 3, 3, 1, SLOW); // asks for nothing more
      expect(reader.running).toBe(false);
      reader.close();
    }
  });
});
