/**
 * The metadata cache's reverse map (cached-backlinks.ts, ADR-0060): made from the cached pairs
 * when the cache is read, and a warm start's backlinks, with notes changed, added or removed
 * since, the same as a cold start's.
 */
import { afterEach, expect, test } from 'bun:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { cacheKey } from './metadata-cache-key.ts';
import { readMetadataCache } from './metadata-cache.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault | null = null;
let cacheDir: string | null = null;
const hosts: NodeHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close(); // again for the first: harmless
  await vault?.remove();
  vault = null;
  if (cacheDir !== null) await rm(cacheDir, { recursive: true, force: true });
  cacheDir = null;
});

async function open(root: string, file: string | null): Promise<NodeHost> {
  const host = await NodeHost.open(root, {
    watch: false,
    ...(file !== null && { metadataCache: { file, key: cacheKey('1.0.0') } }),
    cacheSample: 0,
  });
  hosts.push(host);
  await host.startWorkDone();
  return host;
}

const NOTES = {
  'a.md': '[[b]] [[c]] [[b]]\n',
  'b.md': '[[c]]\n',
  'c.md': '[[a]] ![[pic.png]]\n',
  'd.md': '[[c]] [[pic.png]]\n',
  'pic.png': 'png',
};

test('the cache read back holds the reverse of its resolved counts', async () => {
  vault = await buildVault(NOTES);
  cacheDir = await mkdtemp(join(tmpdir(), 'mcp-meta-'));
  const file = join(cacheDir, 'notes.bin');
  await open(vault.root, file);
  const { records } = await readMetadataCache(file, cacheKey('1.0.0'));
  const sourcesOf = (target: string) => {
    const sources: string[] = [];
    records.get('a.md')?.links?.backlinks?.eachSource(target, (source) => sources.push(source));
    return sources.sort();
  };
  expect(sourcesOf('c.md')).toEqual(['a.md', 'b.md', 'd.md']);
  expect(sourcesOf('pic.png')).toEqual(['c.md', 'd.md']);
  expect(sourcesOf('d.md')).toEqual([]);
  expect(sourcesOf('nowhere.md')).toEqual([]);
});

test('a warm start with notes changed since answers backlinks as a cold start does', async () => {
  vault = await buildVault(NOTES);
  cacheDir = await mkdtemp(join(tmpdir(), 'mcp-meta-'));
  const file = join(cacheDir, 'notes.bin');
  await (await open(vault.root, file)).close(); // writes the cache
  await writeFile(join(vault.root, 'b.md'), '[[a]] [[pic.png]] and more text\n'); // was [[c]]
  await writeFile(join(vault.root, 'd.md'), '[[c]] [[c]] [[pic.png]] changed\n');
  const warm = await open(vault.root, file);
  expect(warm.indexing.status().fromCache).toBeGreaterThan(0);
  const cold = await open(vault.root, null);
  for (const target of ['a.md', 'b.md', 'c.md', 'd.md', 'pic.png'])
    expect(warm.answers().backlinksOf(target)).toEqual(cold.answers().backlinksOf(target));
  expect(warm.answers().backlinksOf('c.md')).toEqual({ 'a.md': 1, 'd.md': 2 });
});
