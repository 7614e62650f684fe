/**
 * Generated vaults for the scale benchmarks, kept in the temp folder between runs (never in the
 * repository): `/tmp/mcp-bench-vaults/<notes>-<seed>` is generated once by generate-vault.ts and
 * reused while its marker file says it is complete. `coldStart` removes what a server keeps
 * for the vault on this device (the metadata cache, in its device home), so the next start reads
 * and parses every note; `dropPageCache` makes it read them from the disk; `hideFolders` sets the
 * folders hidden from every client (the settings' hidden folders; none unless given).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../packages/obsidian-plugin/src/features/settings/index.ts';
import {
  addToken,
  regenerateToken,
} from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { deviceHomeOfVault, settingsPathOf } from '../../packages/headless/src/serve.ts';
import { generateVault } from './generate-vault.ts';

const MARKER = '.bench-complete';

export interface BenchVault {
  root: string;
  notes: number;
  megabytes: number;
}

/** `MCP_BENCH_VAULTS` names another folder, so two benchmarks can run without sharing a vault. */
const VAULTS_FOLDER = process.env.MCP_BENCH_VAULTS ?? join(tmpdir(), 'mcp-bench-vaults');

export async function benchVault(notes: number, seed = 42): Promise<BenchVault> {
  const root = join(VAULTS_FOLDER, `${notes}-${seed}`);
  const marker = join(root, MARKER);
  if (!existsSync(marker)) {
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    console.log(`generating ${notes} notes into ${root} ...`);
    const generated = await generateVault(root, notes, seed);
    await writeFile(marker, JSON.stringify({ megabytes: generated.bytes / 1024 / 1024 }));
  }
  const { megabytes } = JSON.parse(await readFile(marker, 'utf8')) as { megabytes: number };
  return { root, notes, megabytes };
}

/** Forgets everything a previous server kept about the vault except its settings. */
export async function coldStart(vault: BenchVault): Promise<void> {
  await rm((await deviceHomeOfVault(vault.root)).metadataCache, {
    recursive: true,
    force: true,
  });
}

/** A token for the benchmark client, written before the server starts (it reads data.json). */
export async function benchToken(vault: BenchVault): Promise<string> {
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  try {
    const existing = settings.current.tokens.find((token) => token.label === 'bench');
    if (existing === undefined) return (await addToken(settings, 'bench')).secret;
    // A vault benchmarked from another HOME has the token but not its secret: a new secret, not
    // another token (ten fill the vault's limit).
    const secret = settings.secrets.get(existing.id);
    return secret ?? (await regenerateToken(settings, existing.id)).secret;
  } finally {
    settings.close();
  }
}

/** Hides these folders (and only these) from every client, written before the server starts. */
export async function hideFolders(vault: BenchVault, folders: readonly string[]): Promise<void> {
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  try {
    await settings.updateSlice('hiddenFolders', () => [...folders]);
  } finally {
    settings.close();
  }
}

const DROP_CACHES = '/proc/sys/vm/drop_caches';

/**
 * Writes dirty pages out and empties the system's page cache (Linux, as root: the whole
 * machine's, not only the vault's), so the next start reads from the disk as after a reboot.
 */
export async function dropPageCache(): Promise<void> {
  if (spawnSync('sync').status !== 0) throw new Error('`sync` failed: the page cache was kept.');
  try {
    await writeFile(DROP_CACHES, '3');
  } catch {
    throw new Error(
      `--from-disk empties the page cache through ${DROP_CACHES}: run the benchmark as root on Linux.`,
    );
  }
}
