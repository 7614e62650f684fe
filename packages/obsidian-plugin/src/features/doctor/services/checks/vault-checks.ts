/**
 * The vault folder itself: it exists, it has the config folder Obsidian made, and which folders
 * no client ever sees (the hidden folders of the settings, and the dot-folders).
 */
import type { Settings } from '@mcp-connector/shared';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DoctorEnvironment } from '../environment.ts';
import type { DoctorCheck } from '../report.ts';

export async function checkVaultFolder(env: DoctorEnvironment): Promise<DoctorCheck> {
  const found = await stat(env.vault).catch(() => null);
  const check = { id: 'vault', title: 'Vault folder' };
  if (found?.isDirectory() !== true)
    return {
      ...check,
      status: 'fail',
      summary: `vault folder not found: ${env.vaultLabel}`,
      fix: `Give the folder that holds the notes (the one with the ${env.configDir} folder in it).`,
    };
  return { ...check, status: 'ok', summary: env.vaultLabel };
}

export async function checkConfigFolder(env: DoctorEnvironment): Promise<DoctorCheck> {
  const found = await stat(join(env.vault, env.configDir)).catch(() => null);
  const check = { id: 'config-folder', title: 'Config folder' };
  if (found?.isDirectory() !== true)
    return {
      ...check,
      status: 'warn',
      summary: `no ${env.configDir} folder: this folder was never opened as a vault in Obsidian, or it is a folder inside one`,
      fix: `Give the vault's top folder, or open this folder as a vault in Obsidian once.`,
    };
  return { ...check, status: 'ok', summary: env.configDir };
}

export async function checkHiddenFolders(
  env: DoctorEnvironment,
  settings: Settings | null,
): Promise<DoctorCheck> {
  const check = { id: 'hidden-folders', title: 'Hidden folders' };
  const dotFolders = (await readdir(env.vault, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const details = dotFolders.length === 0 ? [] : [`never served: ${dotFolders.join(', ')}`];
  if (settings === null)
    return {
      ...check,
      status: 'info',
      summary: 'unknown: the list in data.json cannot be read',
      details,
    };
  const hidden = settings.hiddenFolders;
  const missing: string[] = [];
  for (const folder of hidden) {
    const found = await stat(join(env.vault, folder)).catch(() => null);
    if (found?.isDirectory() === true) details.push(`${folder}: hidden from every client`);
    else {
      details.push(`${folder}: listed, but there is no such folder in the vault`);
      missing.push(folder);
    }
  }
  const summary =
    hidden.length === 0
      ? 'none set (dot-folders are never served)'
      : `${hidden.length - missing.length} of ${hidden.length} exist`;
  return { ...check, status: missing.length === 0 ? 'ok' : 'info', summary, details };
}
