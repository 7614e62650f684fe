/**
 * Client entries made before the rename (ADR-0035) that still name the old plugin or its old
 * command: a shim whose environment names the old plugin's folder (a .mcpb, a synced Claude
 * Desktop entry), a stdio entry that runs `mcp-connector-headless` or `@mcp-connector/headless`,
 * or a file inside the old plugin's folder. The shim still finds the renamed plugin's data.json,
 * but the old names go away; each entry about this vault is listed with how to replace it.
 */
import { expandHome } from '@mcp-connector/shared';
import { LEGACY_PLUGIN_ID } from '@mcp-connector/shared/product-names';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ClientServerEntry, ReadPlace } from '../../../client-config/index.ts';
import type { DoctorEnvironment } from '../environment.ts';
import { shown } from '../environment.ts';
import { sentence, type DoctorCheck } from '../report.ts';

/** The commands the headless CLI was run by before the rename. */
export const LEGACY_COMMANDS = ['mcp-connector-headless', '@mcp-connector/headless'] as const;

export function checkLegacyClients(
  env: DoctorEnvironment,
  places: readonly ReadPlace[],
): DoctorCheck {
  const check = { id: 'legacy-clients', title: 'Entries under the old name' };
  const details = places.flatMap((read) => {
    if (read.state !== 'read') return [];
    const where = `${read.place.client} ${shown(env, read.place.path)}`;
    return read.entries.flatMap((entry) => {
      const named = oldNameIn(env, entry);
      return named === null ? [] : [`${where} "${entry.name}": ${named}`];
    });
  });
  if (details.length === 0)
    return { ...check, status: 'ok', summary: 'no client entry names the old plugin or command' };
  const count = `${details.length} entr${details.length === 1 ? 'y' : 'ies'}`;
  return {
    ...check,
    status: 'warn',
    summary: `${count} for this vault still name${details.length === 1 ? 's' : ''} MCP Connector (${LEGACY_PLUGIN_ID})`,
    details,
    fix: sentence(env.advice.replaceLegacyEntry),
  };
}

/** What of the old name an entry about this vault carries, or null. */
function oldNameIn(env: DoctorEnvironment, entry: ClientServerEntry): string | null {
  const sameVault = (path: string) =>
    resolve(expandHome(path, env.clients.home)) === resolve(env.vault);
  if (entry.shim !== undefined)
    return entry.shim.pluginId === LEGACY_PLUGIN_ID && sameVault(entry.shim.vault)
      ? `runs the shim for the old plugin id ${LEGACY_PLUGIN_ID}`
      : null;
  const args = entry.args ?? [];
  const words = [entry.command ?? '', ...args];
  const command = LEGACY_COMMANDS.find((name) => words.some((word) => mentions(word, name)));
  if (command !== undefined) {
    const vault = args.includes('--vault') ? args[args.indexOf('--vault') + 1] : undefined;
    return vault !== undefined && sameVault(vault) ? `runs the old command ${command}` : null;
  }
  const oldFolder = resolve(env.vault, env.configDir, 'plugins', LEGACY_PLUGIN_ID);
  const inOldFolder = words.some((word) => {
    const inside = relative(oldFolder, resolve(env.vault, word));
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
  });
  return inOldFolder ? `runs a file in the old plugin folder plugins/${LEGACY_PLUGIN_ID}` : null;
}

/** The word is the command, or a package spec or path ending in it. */
function mentions(word: string, command: string): boolean {
  const bare = word.replace(/@[^@/]*$/, '');
  return bare === command || bare.endsWith(`/${command}`) || bare.endsWith(`\\${command}`);
}
