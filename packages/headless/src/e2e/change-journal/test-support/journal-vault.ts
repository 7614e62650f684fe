/**
 * Test data and helpers the change-journal end-to-end tests share: a small vault written here
 * (notes linking to each other, frontmatter, a BOM and CRLF note, a binary file, a canvas, a
 * template), the vault's state as Obsidian shows it (every file byte for byte, without the
 * trash and the plugin's own folder), and the newest journaled change.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  startConnector,
  type ConnectorOptions,
  type RunningConnector,
} from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { heldHere } from '@mcp-connector/shared';
import { afterEach, expect } from 'bun:test';
import {
  fakeTemplater,
  withIntegrations,
} from '../../../../../obsidian-plugin/src/features/mcp-tools/tools/execution/test-support/fake-integrations.ts';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { VaultHost } from '../../../../../obsidian-plugin/src/host/vault-host.ts';
import { NodeHost } from '../../../node-host/node-host.ts';
import { settingsPathOf } from '../../../serve.ts';
import { buildVault, callOk, snapshotVault, type TempVault } from '../../../test-support/index.ts';

export const PIXEL = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);

export const JOURNAL_VAULT: Record<string, string | Uint8Array> = {
  '.obsidian/app.json': '{"trashOption": "local", "alwaysUpdateLinks": true}',
  'Notes/Alpha.md':
    '---\nstatus: draft\ntags: [a]\n---\n# Alpha\n\nSee [[Beta#Intro]] and [[Gamma]].\n\n## Tasks\n- [ ] one\n',
  'Notes/Beta.md': '# Beta\n\n## Intro\n\nBeta text, a draft.\n',
  'Notes/Gamma.md': 'Gamma links [[Alpha]] and ![[pic.png]].\n',
  'Notes/Bom.md': '\uFEFF# Bom\r\nwindows line\r\n',
  'Archive/Old.md': 'old note, see [[Alpha]]\n',
  'Archive/pic.png': PIXEL,
  'Archive/Sub/deep.md': 'deep draft\n',
  'Templates/Day.md': '# <% tp.file.title %>\n\n- [ ] plan\n',
  'Board.canvas': JSON.stringify({
    nodes: [
      { id: 'a1', type: 'text', text: 'one', x: 0, y: 0, width: 200, height: 60 },
      { id: 'b2', type: 'text', text: 'two', x: 400, y: 0, width: 200, height: 60 },
    ],
    edges: [],
  }),
};

export function journalVault(): Promise<TempVault> {
  return buildVault(JOURNAL_VAULT);
}

/** Every file (its bytes' hash) and folder of the vault as Obsidian shows it: no trash, no plugin state. */
export async function vaultState(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('.'))
    .map((path) => [`${path}/`, 'folder'] as const);
  const files = Object.entries(await snapshotVault(root)).filter(
    ([path]) => !path.startsWith('.trash/'),
  );
  return Object.fromEntries([...files, ...folders].sort(([a], [b]) => a.localeCompare(b)));
}

export interface ListedChange {
  id: string;
  tool: string;
  token: string;
  undone: boolean;
  files: { path: string; action: string; from?: string }[];
}

export async function listChanges(
  client: Client,
  args: Record<string, unknown> = {},
): Promise<ListedChange[]> {
  return (await callOk(client, 'list_changes', args)).changes as ListedChange[];
}

/** The newest change, which must have been made by `tool`. */
export async function newestChange(client: Client, tool: string): Promise<ListedChange> {
  const [newest] = await listChanges(client, { limit: 1 });
  expect(newest?.tool).toBe(tool);
  return newest as ListedChange;
}

export interface JournalServer {
  root: string;
  connector: RunningConnector;
  settings: SettingsStore;
  /** The Default token's secret. */
  token: string;
  client: Client;
  /** Another client, with a token of its own. */
  connect: (secret: string) => Promise<Client>;
  stop: () => Promise<void>;
}

/**
 * The connector over this vault with a scripted Templater (as the execution tests use), so every
 * write tool, execute_template included, runs for real against the disk. `indexing` stands for an
 * index still being built (a test drives it by hand); by default the index is ready.
 */
export async function startJournalServer(
  vault: TempVault,
  building?: Pick<ConnectorOptions, 'indexing' | 'indexWaitMs'>,
  /** Wraps the host the connector serves (a test's hook into its writes). */
  wrapHost: (host: VaultHost) => VaultHost = (host) => host,
): Promise<JournalServer> {
  const host = await NodeHost.open(vault.root, { watch: false });
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  const connector = await startConnector({
    host: wrapHost(withIntegrations(host, { templater: fakeTemplater() })),
    settings,
    version: 'test',
    port: 0,
    ...building,
  });
  const clients: Client[] = [];
  const connect = async (secret: string) => {
    const client = new Client({ name: 'journal-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(connector.url), {
        requestInit: { headers: { Authorization: `Bearer ${secret}` } },
      }),
    );
    clients.push(client);
    return client;
  };
  if (connector.defaultToken === null)
    throw new Error(`The settings were refused: ${settings.refusal ?? ''}`);
  const token = heldHere(connector.defaultToken);
  const client = await connect(token.secret);
  return {
    root: vault.root,
    connector,
    token: token.secret,
    settings,
    client,
    connect,
    async stop() {
      await Promise.all(clients.map((each) => each.close()));
      await connector.close();
      await host.close();
      await vault.remove();
    },
  };
}

/**
 * Call at the top of a test file: the function it returns starts a journal server over a fresh
 * journal vault (or the vault given) and stops it, vault and all, after the test.
 */
export function journalServerPerTest(): (
  vault?: TempVault,
  wrapHost?: (host: VaultHost) => VaultHost,
) => Promise<JournalServer> {
  let running: JournalServer | null = null;
  afterEach(async () => {
    await running?.stop();
    running = null;
  });
  return async (vault, wrapHost) => {
    running = await startJournalServer(vault ?? (await journalVault()), undefined, wrapHost);
    return running;
  };
}
