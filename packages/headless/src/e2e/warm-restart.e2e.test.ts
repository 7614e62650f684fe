/**
 * A real server restarted over the metadata cache and the text store its first start wrote
 * (ADR-0018, ADR-0028): under Bun from the sources, and under Node from the built CLI when the
 * suite runs against it (MCP_E2E_TARGET, scripts/test-built-cli.ts). The restart answers search
 * exactly as the first start did, from the stored texts: a note edited in a way that kept its
 * size and mtime is answered as the store has it, as Obsidian's metadata cache would. A store
 * damaged on disk is caught by its checksums and written again; a killed write's temp files
 * beside the cache go at the next start. `serve --rebuild-cache` and `doctor --rebuild-cache` make
 * the next start read every note, so an edit that kept size and mtime is seen then.
 */
import { afterEach, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { editKeepingStat } from '../test-support/edit-keeping-stat.ts';
import {
  E2E_TARGET,
  builtCliLaunch,
  buildVault,
  startChildServer,
  type ChildServer,
  type TempVault,
} from '../test-support/index.ts';
import { metadataCachePathOf } from '../serve.ts';
import { textStorePathOf } from '../node-host/text-store.ts';
import { waitFor } from '@mcp-connector/shared/test-support';

/** Two starts of a child server, each scanning the vault. */
const STARTS = 60_000;

let vault: TempVault | null = null;
let server: ChildServer | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
  await vault?.remove();
  vault = null;
}, STARTS);

const NOTES = {
  'Garden/Beds.md': '# Beds\n\nThe garden has four beds. See [[Tools]].\n',
  'Garden/Tools.md': '# Tools\n\nA spade for the garden, a rake. #kit\n',
  'Journal/Today.md': 'Nothing about it today.\n',
};

async function serve(
  root: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const launch = E2E_TARGET === 'bun' ? undefined : builtCliLaunch();
  return startChildServer(root, args, { env, ...(launch !== undefined && { launch }) });
}

/** Without the background sample, which would read an edited note again (cache-sample.ts). */
const NO_SAMPLE = { MCP_CONNECTOR_CACHE_SAMPLE: '0' };

const CLI = join(import.meta.dir, '..', 'cli.ts');

/** The search's hits once the index answers (a start answers `index_building` until then). */
async function searchWhenReady(child: ChildServer, query: string): Promise<unknown> {
  const client = await child.connect();
  for (;;) {
    const result = await client.callTool({ name: 'search_vault_simple', arguments: { query } });
    if (!result.isError) return (result.structuredContent as { hits: unknown }).hits;
    const failure = JSON.stringify(result.structuredContent ?? result.content);
    if (!failure.includes('index_building')) throw new Error(`search failed: ${failure}`);
  }
}

test(
  'a restart answers search from the stored texts, as the first start did',
  async () => {
    vault = await buildVault(NOTES);
    server = await serve(vault.root);
    const first = await searchWhenReady(server, 'garden');
    expect(first).toHaveLength(2);
    const store = textStorePathOf(await metadataCachePathOf(vault.root));
    await waitFor(() => existsSync(store), 'the text store, written once every text is in');
    await server.stop();
    // Same length, mtime given back: the cache and the store vouch for the old text.
    await editKeepingStat(join(vault.root, 'Garden/Tools.md'), (text) =>
      text.replace('garden', 'meadow'),
    );
    server = await serve(vault.root, [], NO_SAMPLE);
    expect(await searchWhenReady(server, 'garden')).toEqual(first);
    expect(await searchWhenReady(server, 'meadow')).toEqual([]);
  },
  STARTS,
);

test(
  'a damaged text store is caught by its checksums: answers come from the notes, and it is rewritten',
  async () => {
    vault = await buildVault(NOTES);
    server = await serve(vault.root);
    expect(await searchWhenReady(server, 'garden')).toHaveLength(2);
    const store = textStorePathOf(await metadataCachePathOf(vault.root));
    await waitFor(() => existsSync(store), 'the text store, written once every text is in');
    await server.stop();
    // Bit rot inside one text: the same length, so only a checksum can tell.
    const bytes = await readFile(store);
    const at = bytes.indexOf('four beds');
    bytes.write('four weds', at, 'latin1');
    await writeFile(store, bytes);
    server = await serve(vault.root);
    expect(await searchWhenReady(server, 'weds')).toEqual([]);
    expect(await searchWhenReady(server, 'beds')).toHaveLength(1);
    await waitFor(
      async () => (await readFile(store)).includes('four beds'),
      'the text store, written again',
    );
  },
  STARTS,
);

test(
  'temp files a killed write left beside the cache are gone after the next start',
  async () => {
    vault = await buildVault(NOTES);
    server = await serve(vault.root);
    await searchWhenReady(server, 'garden');
    const cache = await metadataCachePathOf(vault.root);
    await waitFor(
      () => existsSync(textStorePathOf(cache)),
      'the cache and the text store, written',
    );
    await server.stop();
    const leftover = join(dirname(cache), '.mcp-0123456789ab.tmp');
    await writeFile(leftover, 'half a cache');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(leftover, anHourAgo, anHourAgo);
    server = await serve(vault.root);
    await searchWhenReady(server, 'garden');
    await waitFor(() => !existsSync(leftover), 'the leftover, removed');
  },
  STARTS,
);

test(
  'an edit that kept size and mtime is seen after serve --rebuild-cache, or doctor --rebuild-cache',
  async () => {
    vault = await buildVault(NOTES);
    await cachedThenEditedKeepingStat(vault.root);
    server = await serve(vault.root, ['--rebuild-cache'], NO_SAMPLE);
    expect(await searchWhenReady(server, 'meadow')).toHaveLength(1);
    await server.stop();

    await editKeepingStat(join(vault.root, 'Garden/Tools.md'), (text) =>
      text.replace('meadow', 'forest'),
    );
    const doctor = spawnSync(process.execPath, [
      CLI,
      'doctor',
      '--vault',
      vault.root,
      '--rebuild-cache',
    ]);
    expect(doctor.stderr.toString()).toContain('The metadata cache was removed');
    server = await serve(vault.root, [], NO_SAMPLE);
    expect(await searchWhenReady(server, 'forest')).toHaveLength(1);
  },
  STARTS,
);

test(
  'a background sample reads cached notes again: an edit that kept size and mtime is seen',
  async () => {
    vault = await buildVault(NOTES);
    await cachedThenEditedKeepingStat(vault.root);
    server = await serve(vault.root);
    const running = server;
    // Three notes: the sample (64) takes every one of them.
    await waitFor(
      async () => JSON.stringify(await searchWhenReady(running, 'meadow')).includes('Tools'),
      'the edited note, read again by the sample',
    );
    await waitFor(
      async () => !existsSync(await metadataCachePathOf(vault?.root ?? '')),
      'the cache, dropped for a rebuild at the next start',
    );
  },
  STARTS,
);

/**
 * Serves the vault until its metadata cache and text store are written, stops it, then edits
 * Garden/Tools.md ("garden" -> "meadow") keeping its size and mtime: the edit a warm start trusts
 * the cache over.
 */
async function cachedThenEditedKeepingStat(root: string): Promise<void> {
  server = await serve(root);
  await searchWhenReady(server, 'garden');
  await waitFor(
    async () => existsSync(textStorePathOf(await metadataCachePathOf(root))),
    'the cache and the text store, written',
  );
  await server.stop();
  await editKeepingStat(join(root, 'Garden/Tools.md'), (text) => text.replace('garden', 'meadow'));
}
