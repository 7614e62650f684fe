/**
 * The stdio servers `bun run bench:peers` compares: ours (the headless CLI, `serve --stdio`) and
 * the two npm servers people pick instead, each launched as its README tells a client to launch
 * it. The peers are installed at bench time into a cache folder outside the repository
 * (never into its node_modules or lockfile), at pinned versions, without install scripts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { serverCommand, type ServerCli } from './scale-server.ts';

export const PEERS_FOLDER = join(homedir(), '.cache', 'local-mcp-server-bench', 'peers');

/** A server's launch line and what it offers for the table's search row. */
export interface StdioSide {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Ours builds an index: ready is when a call that needs it answers. */
  readyCall?: { name: string; arguments: Record<string, unknown> };
  /** A content search for `word`, or none when the server has no content search. */
  search?: (word: string) => { name: string; arguments: Record<string, unknown> };
}

interface Peer {
  name: string;
  version: string;
  /** The `bin` file in the package. */
  bin: string;
  args: (vault: string) => string[];
  search?: StdioSide['search'];
}

const PEERS: Peer[] = [
  {
    // README: `obsidian-mcp serve --vault notes=/absolute/path/to/vault`.
    name: 'obsidian-mcp',
    version: '2.0.1',
    bin: 'dist/main.js',
    args: (vault) => ['serve', '--vault', `bench=${vault}`],
    search: (word) => ({
      name: 'obsidian_search_vault',
      arguments: { vault: 'bench', query: word, mode: 'content' },
    }),
  },
  {
    // README: `npx -y mcp-obsidian <path-to-your-vault>`; its search_notes matches note names only.
    name: 'mcp-obsidian',
    version: '1.0.0',
    bin: 'dist/index.js',
    args: (vault) => [vault],
  },
];

/** Installs the pinned peers into PEERS_FOLDER unless they are there already. */
export function installPeers(): void {
  const missing = PEERS.filter((peer) => installedVersion(peer) !== peer.version);
  if (missing.length === 0) return;
  const specs = PEERS.map((peer) => `${peer.name}@${peer.version}`);
  console.log(`installing ${specs.join(' ')} into ${PEERS_FOLDER} ...`);
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      PEERS_FOLDER,
      '--ignore-scripts',
      '--save-exact',
      '--no-audit',
      '--no-fund',
      ...specs,
    ],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0) throw new Error(`npm install of ${specs.join(' ')} failed.`);
}

function packageFolder(peer: Peer): string {
  return join(PEERS_FOLDER, 'node_modules', peer.name);
}

function installedVersion(peer: Peer): string | null {
  const manifest = join(packageFolder(peer), 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function nodeMajor(): number {
  const version = spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return Number(/^v(\d+)/.exec(version)?.[1] ?? 0);
}

/** The lowest Node major a package's `engines.node` (`>=22`) asks for; 0 when it asks none. */
function requiredNodeMajor(peer: Peer): number {
  const manifest = JSON.parse(readFileSync(join(packageFolder(peer), 'package.json'), 'utf8')) as {
    engines?: { node?: string };
  };
  return Number(/(\d+)/.exec(manifest.engines?.node ?? '')?.[1] ?? 0);
}

/**
 * Node when it satisfies the peer's `engines` (as npx would run it), else Bun (obsidian-mcp 2
 * refuses Node 20); `forced` picks one for all.
 */
function peerRuntime(peer: Peer, forced: 'node' | 'bun' | undefined): string {
  if (forced !== undefined) return forced;
  return nodeMajor() >= requiredNodeMajor(peer) ? 'node' : 'bun';
}

export function peerSides(vault: string, runtime?: 'node' | 'bun'): StdioSide[] {
  return PEERS.map((peer) => {
    const command = peerRuntime(peer, runtime);
    return {
      name: `${peer.name} ${peer.version} (${command})`,
      command,
      args: [join(packageFolder(peer), peer.bin), ...peer.args(vault)],
      ...(peer.search === undefined ? {} : { search: peer.search }),
    };
  });
}

/** Ours: `serve --vault DIR --stdio --token LABEL` from `codeRoot`, as the process kind `cli`. */
export function ourSide(codeRoot: string, cli: ServerCli, vault: string, token: string): StdioSide {
  const [runtime, entry] = serverCommand(codeRoot, cli);
  return {
    name: `ours (${cli === 'source' ? 'bun, source' : `${cli}, built CLI`})`,
    command: runtime,
    args: [entry, 'serve', '--vault', vault, '--stdio', '--token', token],
    cwd: codeRoot,
    readyCall: { name: 'get_vault_overview', arguments: {} },
    search: (word) => ({ name: 'search_vault_simple', arguments: { query: word } }),
  };
}
