/**
 * What the doctor needs from where it runs: the vault, where clients keep their files, the
 * ports, how a semantic model is found, and how to word a fix here (the CLI names its commands,
 * Obsidian its settings tab), so no message points at a setting this host does not have.
 */
import {
  deviceHomeOf,
  readDeviceSecrets,
  type SemanticSettings,
  type VaultDeviceHome,
} from '@mcp-connector/shared';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckStatus } from './report.ts';

/** How to do things here, each a clause starting in lower case with no full stop ("run ..."). */
export interface DoctorAdvice {
  addToken: string;
  startServer: string;
  fixPort: string;
  /** Where data.json's settings are changed. */
  editSettings: string;
  copyClientConfig: string;
  /** How to replace a client entry made before the rename (ADR-0035) with a current one. */
  replaceLegacyEntry: string;
  semanticSettings: string;
}

export interface ModelPresence {
  status: CheckStatus;
  summary: string;
  fix?: string;
}

export interface DoctorEnvironment {
  /** The vault folder, absolute. */
  vault: string;
  /** The vault as the user named it, for messages. */
  vaultLabel: string;
  configDir: string;
  pluginId: string;
  /** Where client config files are looked for (the app-data folder reads APPDATA, XDG_CONFIG_HOME). */
  clients: { home: string; platform: NodeJS.Platform; env: Record<string, string | undefined> };
  /** The ports a server tries when none is fixed (27200-27205 unless a test picks others). */
  ports?: readonly number[];
  advice: DoctorAdvice;
  semanticModel(settings: SemanticSettings): Promise<ModelPresence>;
  probeTimeoutMs?: number;
}

export function settingsPathIn(env: DoctorEnvironment): string {
  return join(env.vault, env.configDir, 'plugins', env.pluginId, 'data.json');
}

/** The vault's device home on the device the doctor looks at (ADR-0033). */
export function deviceHomeIn(env: DoctorEnvironment): VaultDeviceHome {
  let vault = env.vault;
  try {
    vault = realpathSync(vault);
  } catch {
    // A vault folder that is gone: the folder check says so; the place is only named.
  }
  const { platform, env: variables, home } = env.clients;
  return deviceHomeOf(vault, { platform, env: variables, homedir: home });
}

/**
 * Secrets this device holds, by token id: the device's file, and any a data.json not yet
 * migrated still has (the doctor reads; it moves nothing).
 */
export function deviceSecretsIn(
  env: DoctorEnvironment,
  stillInFile: Record<string, string>,
): Record<string, string> {
  return { ...readDeviceSecrets(deviceHomeIn(env).secrets), ...stillInFile };
}

/** A path for a message, with the home folder as ~. */
export function shown(env: DoctorEnvironment, path: string): string {
  const home = env.clients.home;
  return path === home || path.startsWith(`${home}/`) || path.startsWith(`${home}\\`)
    ? `~${path.slice(home.length)}`
    : path;
}
