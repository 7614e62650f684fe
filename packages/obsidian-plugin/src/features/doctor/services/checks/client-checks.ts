/**
 * The clients' own files (Claude Desktop, Claude Code, Cursor, VS Code): every entry that is
 * about this vault must point at the live endpoint with a token that exists. An entry is about
 * this vault when it sends one of its tokens, points at this vault's server, or launches the
 * headless CLI on this folder; an entry for a port another vault's server holds is that vault's.
 */
import { expandHome, secretMatches, type Settings, type TokenRecord } from '@mcp-connector/shared';
import { resolve } from 'node:path';
import {
  clientConfigPlaces,
  readClientConfig,
  type ClientServerEntry,
  type ReadPlace,
} from '../../../client-config/index.ts';
import { findToken } from '../../../tool-policy/index.ts';
import type { DoctorEnvironment } from '../environment.ts';
import { shown } from '../environment.ts';
import { sentence, type CheckStatus, type DoctorCheck } from '../report.ts';
import type { ProbedServers } from './server-checks.ts';

export function readClientConfigs(env: DoctorEnvironment): Promise<ReadPlace[]> {
  return Promise.all(
    clientConfigPlaces({ ...env.clients, project: env.vault }).map((place) =>
      readClientConfig(place),
    ),
  );
}

/** The loopback ports client entries point at, so the doctor can see who holds them. */
export function portsNamedIn(places: readonly ReadPlace[]): number[] {
  return places.flatMap((read) =>
    read.state === 'read' ? read.entries.flatMap((entry) => portOf(entry) ?? []) : [],
  );
}

interface Verdict {
  status: CheckStatus;
  text: string;
}

export function checkClients(
  env: DoctorEnvironment,
  settings: Settings | null,
  places: readonly ReadPlace[],
  servers: ProbedServers,
): DoctorCheck {
  const check = { id: 'clients', title: 'Client configs' };
  const details: string[] = [];
  const statuses: CheckStatus[] = [];
  for (const read of places) {
    if (read.state === 'missing') continue;
    const where = `${read.place.client} ${shown(env, read.place.path)}`;
    if (read.state === 'unreadable') {
      details.push(`${where}: could not be read (${read.reason})`);
      statuses.push('warn');
      continue;
    }
    for (const entry of read.entries) {
      const verdict = judge(env, entry, settings, servers);
      if (verdict === null) continue;
      details.push(`${where} "${entry.name}": ${verdict.text}`);
      statuses.push(verdict.status);
    }
  }
  if (statuses.length === 0)
    return {
      ...check,
      status: 'info',
      summary: 'no Claude Desktop, Claude Code, Cursor or VS Code entry for this vault',
    };
  const status = worst(statuses);
  const problems = statuses.filter((value) => value === 'warn' || value === 'fail').length;
  return {
    ...check,
    status,
    summary:
      problems === 0
        ? `${statuses.length} entr${statuses.length === 1 ? 'y' : 'ies'} for this vault, all good`
        : `${problems} of ${statuses.length} entr${statuses.length === 1 ? 'y' : 'ies'} for this vault need a fix`,
    details,
    ...(problems > 0 && { fix: sentence(env.advice.copyClientConfig) }),
  };
}

function judge(
  env: DoctorEnvironment,
  entry: ClientServerEntry,
  settings: Settings | null,
  servers: ProbedServers,
): Verdict | null {
  const tokens = settings?.tokens ?? [];
  if (entry.shim !== undefined) {
    if (resolve(entry.shim.vault) !== resolve(env.vault)) return null;
    const token = tokens.find((record) => record.id === entry.shim?.tokenId);
    return token === undefined
      ? {
          status: 'fail',
          text: `runs the stdio shim with a token this vault does not have (id ${entry.shim.tokenId})`,
        }
      : {
          status: 'ok',
          text: `runs the stdio shim as "${token.label}", which finds the live endpoint itself`,
        };
  }
  const launched = headlessLaunch(entry);
  if (launched !== null) {
    if (resolve(expandHome(launched.vault, env.clients.home)) !== resolve(env.vault)) return null;
    const token = tokenNamed(settings, launched.token);
    return token === null
      ? {
          status: 'fail',
          text: `launches the headless server with a token this vault does not have ("${launched.token}")`,
        }
      : { status: 'ok', text: `launches the headless server over stdio as "${token.label}"` };
  }
  const port = portOf(entry);
  if (port === null) return null;
  const presented = entry.secret;
  const token =
    presented === undefined || presented === null
      ? undefined
      : tokens.find((record) => secretMatches(record, presented));
  const holder = servers.byPort.get(port)?.holder.kind;
  if (holder === 'refuses-token') return null;
  const live = servers.live;
  if (holder === 'this-vault') {
    if (token !== undefined)
      return { status: 'ok', text: `points at the live endpoint with the token "${token.label}"` };
    return {
      status: 'fail',
      text: `points at the live endpoint with a token this vault does not have (revoked or regenerated?)`,
    };
  }
  if (token === undefined) return null;
  const where = live === null ? 'no server answers' : `the server answers on ${live.port}`;
  return { status: 'warn', text: `points at port ${port}, but ${where}` };
}

/** `… serve --vault DIR --stdio --token T` (node/npx/bun running the headless CLI). */
/** The token `serve --token` would pick (id, or label in any case), or null. */
function tokenNamed(settings: Settings | null, idOrLabel: string): TokenRecord | null {
  if (settings === null) return null;
  try {
    return findToken(settings, idOrLabel);
  } catch {
    return null;
  }
}

function headlessLaunch(entry: ClientServerEntry): { vault: string; token: string } | null {
  const args = entry.args ?? [];
  if (!args.includes('serve') || !args.includes('--stdio')) return null;
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index === -1 ? undefined : args[index + 1];
  };
  const vault = value('--vault');
  const token = value('--token');
  return vault === undefined || token === undefined ? null : { vault, token };
}

function portOf(entry: ClientServerEntry): number | null {
  if (entry.url === undefined) return null;
  try {
    const url = new URL(entry.url);
    if (url.pathname !== '/mcp') return null;
    return url.port === '' ? null : Number(url.port);
  } catch {
    return null;
  }
}

const ORDER: readonly CheckStatus[] = ['ok', 'info', 'warn', 'fail'];

function worst(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'ok');
}
