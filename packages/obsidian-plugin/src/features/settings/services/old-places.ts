/**
 * Before ADR-0033 a vault's device state lived in the plugin's folder inside the vault. On the
 * first start after it, whatever is still there moves out, once: the change journal (with its
 * before-images and idempotency records) and downloaded models move to the device home when it
 * has none yet; the caches (metadata cache and text store, semantic index) are deleted, to be
 * rebuilt in the device cache; live-server.json, usage and any other device's record, deleted.
 * What cannot move (the device already has a journal) stays, and is reported.
 */
import type { VaultDeviceHome } from '@mcp-connector/shared';
import { cp, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mkdir } from 'node:fs/promises';

/** What the plugin's folder held before (names inside it). */
const MOVED = { changeJournal: 'change-journal', models: 'models' } as const;
const DELETED = ['metadata-cache', 'semantic-index', 'live-server.json'] as const;

export interface OldPlacesResult {
  moved: string[];
  deleted: string[];
  /** Left where it was, with why. */
  kept: string[];
}

export async function moveOutOfVault(
  pluginFolder: string,
  device: Pick<VaultDeviceHome, 'changeJournal' | 'models'>,
): Promise<OldPlacesResult> {
  const result: OldPlacesResult = { moved: [], deleted: [], kept: [] };
  const journal = join(pluginFolder, MOVED.changeJournal);
  if (await exists(journal)) {
    if (await exists(device.changeJournal))
      result.kept.push(`${journal} (this device already has a change journal)`);
    else {
      await move(journal, device.changeJournal);
      result.moved.push(journal);
    }
  }
  const models = join(pluginFolder, MOVED.models);
  if (await exists(models)) {
    await mkdir(device.models, { recursive: true });
    for (const name of await readdir(models))
      if (!(await exists(join(device.models, name))))
        await move(join(models, name), join(device.models, name));
    await rm(models, { recursive: true, force: true });
    result.moved.push(models);
  }
  for (const name of DELETED) {
    const path = join(pluginFolder, name);
    if (!(await exists(path))) continue;
    await rm(path, { recursive: true, force: true });
    result.deleted.push(path);
  }
  return result;
}

/** A rename, or a copy and delete when the device home is on another file system. */
async function move(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
