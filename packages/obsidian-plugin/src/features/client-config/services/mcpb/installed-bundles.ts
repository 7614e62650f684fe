/**
 * Bundles exported before ADR-0033 carry a shim that reads the token's secret from data.json,
 * where it no longer is. Claude Desktop keeps each installed bundle unpacked in its extensions
 * folder; on the start that moves the secrets out, every installed copy of our shim for this
 * vault is replaced in place by the current one (same place, same manifest, so Claude Desktop
 * notices nothing), as is the shim an older claude_desktop_config.json entry runs from the
 * plugin's folder. A copy is ours when its manifest names our shim's environment and its script
 * starts with our banner; it is this vault's when its vault's real path is this vault's.
 */
import {
  LEGACY_PLUGIN_ID,
  deviceHomeOf,
  writeFileAtomic,
  type VaultDeviceHome,
} from '@mcp-connector/shared';
import { readFile, readdir, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { STDIO_SHIM_SOURCE } from '../../generated/stdio-shim.ts';
import { BUNDLE_ENV } from '../../shim/bundle-env.ts';
import { DESKTOP_SHIM_FILE } from '../desktop-config/desktop-sync.ts';
import { SHIM_ENTRY_POINT } from './mcpb-manifest.ts';

/** Our shim's first line, and the one it had before the rename (ADR-0035). */
const SHIM_BANNERS = [
  '// Local MCP Server for Obsidian: stdio shim.',
  '// MCP Connector for Obsidian: stdio shim.',
];

/** Replaces older copies of our shim for this vault; returns the scripts it replaced. */
export async function upgradeInstalledShims(options: {
  /** This vault's device home: a bundle whose vault has the same is this vault's. */
  device: Pick<VaultDeviceHome, 'state'>;
  pluginFolder: string;
  extensionsFolder: string;
}): Promise<string[]> {
  const vault = options.device.state;
  const scripts = [
    join(options.pluginFolder, DESKTOP_SHIM_FILE),
    // A Desktop entry made before the rename runs the shim from the old plugin's folder.
    join(dirname(options.pluginFolder), LEGACY_PLUGIN_ID, DESKTOP_SHIM_FILE),
  ];
  for (const name of await readdir(options.extensionsFolder).catch(() => [] as string[])) {
    const folder = join(options.extensionsFolder, name);
    if ((await bundleVault(folder)) === vault) scripts.push(join(folder, SHIM_ENTRY_POINT));
  }
  const upgraded: string[] = [];
  for (const script of scripts) if (await upgradeShim(script)) upgraded.push(script);
  return upgraded;
}

/** The device home of the vault an installed bundle of ours serves, or null. */
async function bundleVault(folder: string): Promise<string | null> {
  try {
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as {
      server?: { entry_point?: unknown; mcp_config?: { env?: Record<string, unknown> } };
    };
    const env = manifest.server?.mcp_config?.env ?? {};
    const vault = env[BUNDLE_ENV.vault];
    if (
      manifest.server?.entry_point !== SHIM_ENTRY_POINT ||
      typeof env[BUNDLE_ENV.tokenId] !== 'string'
    )
      return null;
    return typeof vault === 'string' ? deviceHomeOf(await realpath(vault)).state : null;
  } catch {
    return null;
  }
}

async function upgradeShim(script: string): Promise<boolean> {
  const text = await readFile(script, 'utf8').catch(() => null);
  if (
    text === null ||
    !SHIM_BANNERS.some((banner) => text.startsWith(banner)) ||
    text === STDIO_SHIM_SOURCE
  )
    return false;
  await writeFileAtomic(script, STDIO_SHIM_SOURCE);
  return true;
}
