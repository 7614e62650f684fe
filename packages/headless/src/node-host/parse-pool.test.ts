/**
 * The parse threads (parse-pool.ts): a batch parsed in a thread is exactly what parsing it
 * in-process gives, key order and integer widths included; frontmatter a copy between threads
 * might change is parsed in-process; a thread that dies or cannot start costs nothing but time.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseNote, type PackedMetadata } from '@mcp-connector/markdown/vault';
import { copyVault, type TempVault } from '../test-support/temp-vault.ts';
import { ParsePool, readHere } from './parse-pool.ts';
import type { ReadNote } from './read-note.ts';

const TRICKY = [
  '---\nn: .nan\ninf: .inf\nzero: -0\n---\nbody\n',
  '---\n__proto__: x\ntags: [a]\n---\n#b\n',
  '---\ndate: 2026-01-05\nup: "[[Target#Part|Alias]]"\nlist:\n  - [[x]]\n---\n# H\n',
  'x'.repeat(40_000) + '\n# wide offsets [[link]] #tag\n',
  '',
];

let vault: TempVault | null = null;
const pools: ParsePool[] = [];

afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  await vault?.remove();
  vault = null;
});

function pool(threads: number, url?: URL): ParsePool {
  const started = url === undefined ? new ParsePool(threads) : new ParsePool(threads, url);
  pools.push(started);
  return started;
}

/** Everything a packed note holds, in a form that shows key order and integer width. */
function exactly(packed: PackedMetadata): string {
  return JSON.stringify([
    packed.ints.constructor.name,
    Array.from(packed.ints),
    packed.strings,
    packed.frontmatter,
    packed.frontmatterLinks,
  ]);
}

async function testVaultNotes(): Promise<string[]> {
  vault = await copyVault();
  const names = await readdir(vault.root, { recursive: true });
  const notes = names.filter((name) => name.endsWith('.md') && !name.startsWith('.'));
  return Promise.all(notes.sort().map((name) => readFile(join(vault!.root, name), 'utf8')));
}

describe('parse threads', () => {
  test('the test vault and tricky notes parse in two threads exactly as in-process', async () => {
    const texts = [...(await testVaultNotes()), ...TRICKY];
    expect(texts.length).toBeGreaterThan(40);
    const threads = pool(2);
    expect(threads.size).toBe(2);
    const batches = [];
    for (let start = 0; start < texts.length; start += 16)
      batches.push(threads.parse(texts.slice(start, start + 16)));
    const parsed = (await Promise.all(batches)).flat();
    expect(parsed.map(exactly)).toEqual(texts.map((text) => exactly(parseNote(text))));
    // NaN, Infinity and -0 are not JSON: compared as values too.
    expect(parsed[texts.length - TRICKY.length]?.frontmatter).toEqual(
      parseNote(TRICKY[0] as string).frontmatter,
    );
  });

  test('files read in a thread: texts, hashes and metadata as read and parsed in-process', async () => {
    const texts = await testVaultNotes();
    const root = (vault as TempVault).root;
    await writeFile(join(root, 'bom.md'), '\uFEFF# with a byte order mark [[x]]\n');
    await writeFile(join(root, 'tricky.md'), TRICKY[0] as string);
    const names = (await readdir(root, { recursive: true }))
      .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
      .sort();
    const files = [...names.map((name) => join(root, name)), join(root, 'gone.md')];
    expect(files.length).toBeGreaterThan(texts.length);
    const inThread = await pool(1).readAndParse(files);
    const here = readHere(files);
    const asCompared = (note: ReadNote | null) =>
      note === null ? null : [note.text, note.hash, exactly(note.packed)];
    expect(inThread.notes.map(asCompared)).toEqual(here.notes.map(asCompared));
    expect(inThread.notes.at(-1)).toBeNull();
    expect(inThread.notes.find((note) => note?.text.startsWith('# with'))).toBeDefined();
    expect(inThread.readMs).toBeGreaterThan(0);
  });

  test('a thread that dies mid-batch: its batches are parsed in-process', async () => {
    const failing = new URL('../test-support/failing-thread.ts', import.meta.url);
    const threads = pool(1, failing);
    const texts = [...TRICKY, '# one [[a]]\n', '- [ ] two #t\n'];
    const parsed = await Promise.all([threads.parse(texts), threads.parse(texts.slice(2))]);
    // Answers for files come from this thread, after the thread died.
    const read = await threads.readAndParse([join(import.meta.dir, 'parse-pool.test.ts')]);
    expect(read.notes[0]?.text).toContain('parse threads');
    expect(parsed[0].map(exactly)).toEqual(texts.map((text) => exactly(parseNote(text))));
    expect(parsed[1].map(exactly)).toEqual(texts.slice(2).map((text) => exactly(parseNote(text))));
    expect(threads.size).toBe(0);
    const after = await threads.parse(['# after\n']);
    expect(after.map(exactly)).toEqual([exactly(parseNote('# after\n'))]);
  });

  test('a thread that cannot start (no such file): every batch is parsed in-process', async () => {
    const missing = new URL('./no-such-parse-thread.mjs', import.meta.url);
    const threads = pool(2, missing);
    const parsed = await threads.parse(TRICKY);
    expect(parsed.map(exactly)).toEqual(TRICKY.map((text) => exactly(parseNote(text))));
  });

  test('no threads at all: parsed in-process', async () => {
    const threads = pool(0);
    expect(threads.size).toBe(0);
    const parsed = await threads.parse(TRICKY);
    expect(parsed.map(exactly)).toEqual(TRICKY.map((text) => exactly(parseNote(text))));
  });
});
