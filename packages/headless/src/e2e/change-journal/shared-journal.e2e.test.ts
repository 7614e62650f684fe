/**
 * Two servers on one vault share its change journal (ADR-0030): a headless HTTP server and a
 * stdio server (another process, as a second client starts one) each journal their writes, each
 * lists the other's, and one undoes what the other wrote.
 */
import { expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_TARGET, builtCliLaunch, callOk, connectStdioCli } from '../../test-support/index.ts';
import { journalServerPerTest, listChanges } from './test-support/journal-vault.ts';

/** The sources under Bun, or on the built-CLI targets the built CLI under Node, as users run it. */
const stdioCli = () =>
  E2E_TARGET === 'bun'
    ? { runtime: process.execPath, cli: join(import.meta.dir, '..', '..', 'cli.ts') }
    : builtCliLaunch();
/** The stdio server scans the vault before it answers. */
const STARTS = 30_000;

const start = journalServerPerTest();

test(
  "an HTTP and a stdio server on one vault list and undo each other's changes",
  async () => {
    const http = await start();
    const tokenId = http.connector.defaultToken?.id as string;
    const stdio = await connectStdioCli(stdioCli(), http.root, tokenId, 'legacy');
    try {
      await callOk(http.client, 'append_to_vault_file', { path: 'Notes/Beta.md', content: 'h' });
      await callOk(stdio.client, 'append_to_vault_file', { path: 'Archive/Old.md', content: 's' });
      const pathsOf = (changes: { files: { path: string }[] }[]) =>
        changes.map((change) => change.files.map((file) => file.path).join());
      expect(pathsOf(await listChanges(http.client))).toEqual(['Archive/Old.md', 'Notes/Beta.md']);
      const [, fromHttp] = await listChanges(stdio.client);
      expect(fromHttp?.files.map((file) => file.path)).toEqual(['Notes/Beta.md']);
      await callOk(stdio.client, 'undo_change', { id: fromHttp?.id });
      expect(await readFile(join(http.root, 'Notes/Beta.md'), 'utf8')).toBe(
        '# Beta\n\n## Intro\n\nBeta text, a draft.\n',
      );
      expect((await listChanges(http.client))[0]?.tool).toBe('undo_change');
    } finally {
      await stdio.close();
    }
  },
  STARTS,
);
