/**
 * No lost edits and no lost bytes on disk: a server edit re-checks, just before it lands, that
 * the note is still the one it read, and re-applies itself on the new text when another program
 * changed it; appends from both sides all survive; crash leftovers (not a fresh temp file of
 * another server's write) are swept at start; temp names fit any name; a note that is not UTF-8
 * is never rewritten; a BOM and CRLF line endings survive every edit.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { appendFileSync } from 'node:fs';
import { appendFile, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault;
let host: NodeHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
  await vault.remove();
});

async function open(files: Record<string, string | Uint8Array>, watch = false): Promise<NodeHost> {
  vault = await buildVault(files);
  host = await NodeHost.open(vault.root, { watch });
  return host;
}

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'succeeded';
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

describe('edits racing another program', () => {
  test('20 outside appends racing 20 server appends on a 5 MB note: none is lost', async () => {
    const big = `${'lorem ipsum dolor sit amet\n'.repeat(200_000)}`;
    const vaultHost = await open({ 'big.md': big }, true);
    const disk = join(vault.root, 'big.md');
    await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        vaultHost.process('big.md', (text) => `${text}server ${index}\n`),
      ),
      ...Array.from({ length: 20 }, (_, index) => appendFile(disk, `outside ${index}\n`)),
    ]);
    const final = await readFile(disk, 'utf8');
    const lost = Array.from({ length: 20 }, (_, index) => [
      `server ${index}\n`,
      `outside ${index}\n`,
    ])
      .flat()
      .filter((line) => !final.includes(line));
    expect(lost).toEqual([]);
    expect(final.startsWith(big)).toBe(true);
  }, 60_000);

  test('a change made between the read and the write is kept, and the edit re-applied on it', async () => {
    const vaultHost = await open({ 'n.md': '# Title\nbody\n' });
    const disk = join(vault.root, 'n.md');
    let runs = 0;
    const result = await vaultHost.process('n.md', (text) => {
      runs++;
      if (runs === 1) appendFileSync(disk, 'added outside\n');
      return text.replace('# Title', '# Renamed');
    });
    expect(await readFile(disk, 'utf8')).toBe('# Renamed\nbody\nadded outside\n');
    expect(result).toBe('# Renamed\nbody\nadded outside\n');
    expect(runs).toBe(2);
  });

  test('a note that keeps changing under every attempt is refused with precondition_failed', async () => {
    const vaultHost = await open({ 'n.md': 'start\n' });
    const disk = join(vault.root, 'n.md');
    const code = await codeOf(() =>
      vaultHost.process('n.md', (text) => {
        appendFileSync(disk, 'again\n');
        return text.replace('start', 'edited');
      }),
    );
    expect(code).toBe('precondition_failed');
    expect(await readFile(disk, 'utf8')).not.toContain('edited');
  });
});

describe('temp files', () => {
  test('temp files a crash left behind are removed at start; other dot-files stay', async () => {
    vault = await buildVault({
      'Notes/a.md': 'a',
      'Notes/.a.md.0123456789ab.tmp': 'half a note',
      'Notes/.mcp-0123456789ab.tmp': 'half another',
      'Notes/.mcp-ba9876543210.tmp': 'a write of another server, in flight',
      'Notes/.keep': 'mine',
    });
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    for (const leftover of ['.a.md.0123456789ab.tmp', '.mcp-0123456789ab.tmp'])
      await utimes(join(vault.root, 'Notes', leftover), twoMinutesAgo, twoMinutesAgo);
    host = await NodeHost.open(vault.root, { watch: false });
    expect((await readdir(join(vault.root, 'Notes'))).sort()).toEqual([
      '.keep',
      '.mcp-ba9876543210.tmp',
      'a.md',
    ]);
  });

  test('a note whose name uses the whole 255 bytes can be created and edited', async () => {
    const vaultHost = await open({});
    const name = `${'n'.repeat(252)}.md`;
    await vaultHost.create(name, 'first\n');
    await vaultHost.process(name, (text) => text.replace('first', 'second'));
    expect(await readFile(join(vault.root, name), 'utf8')).toBe('second\n');
  });
});

describe('bytes preserved', () => {
  test('a note that is not UTF-8 is refused for editing with unsupported_encoding, and untouched', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café\n" in Latin-1
    const vaultHost = await open({ 'latin.md': latin1 });
    expect(await codeOf(() => vaultHost.process('latin.md', (text) => `${text}more`))).toBe(
      'unsupported_encoding',
    );
    expect(
      await codeOf(() => vaultHost.processFrontMatter('latin.md', (data) => (data.x = 1))),
    ).toBe('unsupported_encoding');
    expect(new Uint8Array(await readFile(join(vault.root, 'latin.md')))).toEqual(latin1);
    expect(await vaultHost.read('latin.md')).toContain('caf');
  });

  test('a UTF-8 BOM survives an edit, a frontmatter edit and a link rewrite', async () => {
    const vaultHost = await open({
      'bom.md': '\uFEFF---\na: 1\n---\nSee [[other]]\n',
      'other.md': 'x',
    });
    await vaultHost.process('bom.md', (text) => `${text}more\n`);
    await vaultHost.processFrontMatter('bom.md', (data) => (data.b = 2));
    await vaultHost.renameFile('other.md', 'renamed.md');
    const bytes = await readFile(join(vault.root, 'bom.md'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('[[renamed]]');
  });

  test('CRLF stays CRLF through edits and frontmatter edits', async () => {
    const vaultHost = await open({
      'crlf.md': '---\r\ntitle: T\r\n---\r\nline one\r\nline two\r\n',
    });
    await vaultHost.processFrontMatter('crlf.md', (data) => (data.status = 'done'));
    const text = await readFile(join(vault.root, 'crlf.md'), 'utf8');
    expect(text).toContain('status: done\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  test('an outside write with mixed bytes is read again, not clobbered with a stale copy', async () => {
    const vaultHost = await open({ 'n.md': 'one\n' });
    await writeFile(join(vault.root, 'n.md'), 'two\n');
    await vaultHost.process('n.md', (text) => `${text}three\n`);
    expect(await readFile(join(vault.root, 'n.md'), 'utf8')).toBe('two\nthree\n');
  });
});
