/**
 * The VaultHost contract, continued: what an edit does to a note's bytes and what a rename does
 * to the notes it must not touch. An edit of a note that is not UTF-8 is refused and writes
 * nothing; a BOM and CRLF line ends survive the host's own edits (process, processFrontMatter);
 * renameFile never writes a note `keepLinksIn` names (the hidden-folders guard passes its hidden
 * notes), and the metadata of that note still matches its bytes afterwards.
 */
import { expect } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import type { VaultHost } from '../vault-host.ts';

export type ContractTest = (title: string, body: () => Promise<void>) => void;
export type OpenHost = (files?: Record<string, string | Uint8Array>) => Promise<VaultHost>;

const BOM = [0xef, 0xbb, 0xbf];
const LATIN1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café\n" in ISO-8859-1

export async function failureCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  throw new Error('expected a ToolError');
}

export function bytesContract(contractTest: ContractTest, open: OpenHost): void {
  contractTest('an edit of a note that is not UTF-8 is refused and writes nothing', async () => {
    const host = await open({ 'latin.md': LATIN1 });
    expect(await failureCode(host.process('latin.md', (text) => `${text}more\n`))).toBe(
      'unsupported_encoding',
    );
    const setStatus = (frontmatter: Record<string, unknown>) => {
      frontmatter.status = 'done';
    };
    expect(await failureCode(host.processFrontMatter('latin.md', setStatus))).toBe(
      'unsupported_encoding',
    );
    expect([...(await host.readBinary('latin.md'))]).toEqual([...LATIN1]);
    expect(await host.read('latin.md')).toBe('caf\uFFFD\n');
  });

  contractTest('edits keep a UTF-8 BOM, which reads never show', async () => {
    const host = await open({ 'bom.md': '\uFEFF---\ntags: [a]\n---\nbody\n' });
    await host.process('bom.md', (text) => `${text}more\n`);
    await host.processFrontMatter('bom.md', (frontmatter) => {
      frontmatter.status = 'done';
    });
    const bytes = await host.readBinary('bom.md');
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3))).toBe(
      '---\ntags:\n  - a\nstatus: done\n---\nbody\nmore\n',
    );
    expect(await host.read('bom.md')).toStartWith('---\n');
    expect(host.getFileCache('bom.md')?.frontmatter).toEqual({ tags: ['a'], status: 'done' });
  });

  contractTest('processFrontMatter keeps a CRLF note CRLF, frontmatter included', async () => {
    const host = await open({ 'crlf.md': '---\r\ntitle: T\r\n---\r\n# Head\r\nline\r\n' });
    await host.processFrontMatter('crlf.md', (frontmatter) => {
      frontmatter.status = 'done';
    });
    expect(await host.read('crlf.md')).toBe(
      '---\r\ntitle: T\r\nstatus: done\r\n---\r\n# Head\r\nline\r\n',
    );
    expect(host.getFileCache('crlf.md')?.frontmatter).toEqual({ title: 'T', status: 'done' });
  });

  contractTest('renameFile never writes a note keepLinksIn names', async () => {
    const secret = '\uFEFFSecret: [[Target]] and [[Folder/inner]].\r\n';
    const host = await open({
      'Target.md': '# Target\n',
      'Folder/inner.md': 'inner\n',
      'linker.md': 'See [[Target]] and [[Folder/inner]].\n',
      'Private/secret.md': secret,
    });
    const before = await host.readBinary('Private/secret.md');
    const keepLinksIn = (path: string) => path.startsWith('Private/');
    await host.renameFile('Target.md', 'Goal.md', { keepLinksIn });
    await host.renameFile('Folder', 'Moved', { keepLinksIn });
    expect([...(await host.readBinary('Private/secret.md'))]).toEqual([...before]);
    expect(await host.read('linker.md')).toBe('See [[Goal]] and [[inner]].\n');
    // The untouched note's links now lead nowhere, and the metadata says so.
    expect(host.unresolvedLinks()['Private/secret.md']).toEqual({ Target: 1, 'Folder/inner': 1 });
    expect(host.resolvedLinks()['Private/secret.md']).toEqual({});
  });
}
