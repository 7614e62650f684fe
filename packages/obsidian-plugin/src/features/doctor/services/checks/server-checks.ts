/**
 * The port and the server: which ports this vault's server would use (the fixed one, or the
 * range), who holds each of them, and whether this vault's server answers, on which lines. A
 * running server may listen elsewhere (headless `serve --port N` overrides data.json for one
 * run): the port live-server.json names is probed first. The vault's secret goes only to a
 * listener that proved it is the server that published live-server.json (GET /mcp/proof, as the
 * relays ask, ADR-0042); every other port is probed without it.
 */
import type { Settings } from '@mcp-connector/shared';
import { proveServer, readLiveServer, type LiveServer } from '../../../client-config/index.ts';
import { DEFAULT_PORTS } from '../../../mcp-transport/index.ts';
import { deviceHomeIn, type DoctorEnvironment } from '../environment.ts';
import { portOwner, type PortOwner } from '../port-owner.ts';
import { sentence, type DoctorCheck } from '../report.ts';
import { LEGACY_LINE, MODERN_LINE, probePort, type PortHolder } from '../server-probe.ts';

export interface ProbedPort {
  port: number;
  holder: PortHolder;
  /** The listening process: from live-server.json for this vault's server, else from the system. */
  owner: PortOwner | null;
}

export interface ProbedServers {
  /** The fixed port, or null when the server takes the first free of the range. */
  fixed: number | null;
  /** The ports this vault's server would use, in order. */
  candidates: readonly number[];
  byPort: ReadonlyMap<number, ProbedPort>;
  /** This vault's server, if one answers on the published port or a candidate port. */
  live: (ProbedPort & { holder: Extract<PortHolder, { kind: 'this-vault' }> }) | null;
}

export async function probeServers(
  env: DoctorEnvironment,
  settings: Settings | null,
  /** A secret of this vault that this device holds: a server that takes it is this vault's. */
  secret: string | null,
  alsoPorts: readonly number[],
): Promise<ProbedServers> {
  const fixed = settings?.transport.port ?? null;
  const candidates = fixed === null ? (env.ports ?? DEFAULT_PORTS) : [fixed];
  // What a running server of this vault wrote when it bound its port (ADR-0009).
  const published = await readLiveServer(deviceHomeIn(env).liveServer);
  const publishedPorts = published === null ? [] : [published.port];
  const ports = [...new Set([...publishedPorts, ...candidates, ...alsoPorts])];
  const probed = await Promise.all(
    ports.map(async (port): Promise<ProbedPort> => {
      const holder = await probePort(
        port,
        (await provedBy(published, port)) ? secret : null,
        env.probeTimeoutMs,
      );
      if (holder.kind === 'free') return { port, holder, owner: null };
      const owner =
        holder.kind === 'this-vault' && published?.port === port
          ? { pid: published.pid, name: published.host }
          : await portOwner(port);
      return { port, holder, owner };
    }),
  );
  const byPort = new Map(probed.map((entry) => [entry.port, entry]));
  const live = [...publishedPorts, ...candidates]
    .map((port) => byPort.get(port))
    .find((entry) => entry?.holder.kind === 'this-vault');
  return { fixed, candidates, byPort, live: (live as ProbedServers['live']) ?? null };
}

/** The listener on `port` is the server that published `published` (it knows its key). */
async function provedBy(published: LiveServer | null, port: number): Promise<boolean> {
  if (published?.port !== port || published.proofKey === null) return false;
  return (await proveServer({ port, proofKey: published.proofKey })) === 'proven';
}

export function describeHolder(probed: ProbedPort): string {
  const owner = probed.owner === null ? '' : ` (pid ${probed.owner.pid}, ${probed.owner.name})`;
  switch (probed.holder.kind) {
    case 'free':
      return 'free';
    case 'this-vault':
      return `this vault's server${owner}`;
    case 'refuses-token':
      return `an MCP server that does not know this vault's tokens, another vault's Local MCP Server perhaps${owner}`;
    case 'other':
      return `another program${owner}`;
  }
}

export function checkPort(env: DoctorEnvironment, servers: ProbedServers): DoctorCheck {
  const check = { id: 'port', title: 'Port' };
  const live = servers.live;
  if (live !== null && !servers.candidates.includes(live.port))
    return {
      ...check,
      status: 'ok',
      summary: `${live.port}, given when the server started (live-server.json names it; data.json does not)`,
    };
  const entries = servers.candidates.map((port) => servers.byPort.get(port) as ProbedPort);
  if (servers.fixed !== null) {
    const [entry] = entries as [ProbedPort];
    const summary = `${entry.port} (fixed): ${describeHolder(entry)}`;
    if (entry.holder.kind === 'free' || entry.holder.kind === 'this-vault')
      return { ...check, status: 'ok', summary };
    return {
      ...check,
      status: 'fail',
      summary,
      fix: `Stop that program, or ${env.advice.fixPort}.`,
    };
  }
  const range = `${servers.candidates[0]}-${servers.candidates[servers.candidates.length - 1]}`;
  const held = entries.filter((entry) => entry.holder.kind !== 'free');
  const details = held.map((entry) => `${entry.port}: ${describeHolder(entry)}`);
  if (servers.live !== null)
    return {
      ...check,
      status: 'ok',
      summary: `${servers.live.port}, the first free of ${range} when it started`,
      details,
    };
  if (held.length === entries.length)
    return {
      ...check,
      status: 'fail',
      summary: `every port of ${range} is taken`,
      details,
      fix: sentence(env.advice.fixPort),
    };
  const next = entries.find((entry) => entry.holder.kind === 'free') as ProbedPort;
  return {
    ...check,
    status: held.length === 0 ? 'ok' : 'info',
    summary: `a server would take ${next.port}, the first free of ${range}`,
    details,
  };
}

export function checkServer(env: DoctorEnvironment, servers: ProbedServers): DoctorCheck {
  const check = { id: 'server', title: 'Server' };
  const live = servers.live;
  if (live === null) {
    const refusing = [...servers.byPort.values()].filter(
      (entry) => servers.candidates.includes(entry.port) && entry.holder.kind === 'refuses-token',
    );
    return {
      ...check,
      status: 'fail',
      summary: 'no server answers for this vault',
      details: refusing.map((entry) => `${entry.port}: ${describeHolder(entry)}`),
      fix: sentence(env.advice.startServer),
    };
  }
  const lines = [
    ...(live.holder.modern ? [MODERN_LINE] : []),
    ...(live.holder.legacy ? [`${LEGACY_LINE} (legacy handshake)`] : []),
  ];
  const facts = live.holder.facts;
  const who =
    facts === null
      ? ''
      : `; ${facts.name} ${facts.version}, ${facts.host === 'headless' ? 'headless' : 'in Obsidian'}, vault "${facts.vault}"`;
  const summary = `answers at http://127.0.0.1:${live.port}/mcp on ${lines.join(' and ')}${who}`;
  if (live.holder.modern && live.holder.legacy) return { ...check, status: 'ok', summary };
  return {
    ...check,
    status: 'warn',
    summary,
    fix: 'Update the plugin (or the headless package) and restart it: both protocol lines should answer.',
  };
}
