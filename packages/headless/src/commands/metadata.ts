/**
 * `metadata FILE.md [--vault DIR]`: prints a note's CachedMetadata as JSON in Obsidian's exact
 * shape, to debug the parser or compare with what real Obsidian computes. With --vault the note
 * is read through NodeHost (so the path is vault-relative and links resolve).
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseMetadata } from '@mcp-connector/markdown';
import { NodeHost } from '../node-host/node-host.ts';
import { UsageError, parseOptions, type Command } from './usage.ts';
import { requireVaultFolder } from './vault-folder.ts';

export const metadataCommand: Command = {
  name: 'metadata',
  usage: 'FILE.md [--vault DIR]',
  async run(args) {
    const { values, positionals } = parseOptions(args, { vault: { type: 'string' } }, true);
    const [file] = positionals;
    if (file === undefined || positionals.length > 1)
      throw new UsageError('Give exactly one FILE.md.');
    const metadata =
      values.vault === undefined
        ? parseMetadata(await readFile(file, 'utf8'))
        : await fromVault(await requireVaultFolder(values.vault), file);
    process.stdout.write(`${JSON.stringify(metadata, null, 2)}\n`);
    return 0;
  },
};

async function fromVault(vault: string, file: string): Promise<unknown> {
  const host = await NodeHost.open(vault, { watch: false });
  try {
    const path = relative(host.root, resolve(file)).split('\\').join('/');
    const inVault = path.startsWith('..') ? file : path;
    const metadata = host.getFileCache(inVault);
    if (metadata === null) throw new Error(`${inVault} is not a note of the vault.`);
    return metadata;
  } finally {
    await host.close();
  }
}
