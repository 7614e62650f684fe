/**
 * `connect --vault DIR --token ID|LABEL --client NAME [--out FILE]`: connects one
 * client to the vault with one token, the same way the settings tab does. A copy-config client
 * prints its snippet (and `--out` writes its file form; a client with a one-click install
 * link, such as Cursor, also gets that, on stderr); `mcpb` writes the per-token bundle
 * (with the fallback that serves the vault when no server answers, by default for a vault on a
 * local disk; `--fallback` or `--no-fallback` decides);
 * `claude-desktop` syncs claude_desktop_config.json (`--out` names another config file).
 * `--client list` lists them. The endpoint is the live one when a server runs for the vault.
 */
import {
  CLIENTS,
  buildMcpb,
  clientById,
  isOnLocalDisk,
  desktopConfigPath,
  installLinks,
  mcpbFileName,
  serverNameFor,
  syncDesktopConfig,
  readLiveServer,
  type BundleTarget,
  type Snippet,
} from '@mcp-connector/obsidian-plugin/client-config';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { ToolError, type TokenRecord } from '@mcp-connector/shared';
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import manifest from '../../../../manifest.json' with { type: 'json' };
import { settingsPathOf } from '../serve.ts';
import { PROGRAM, UsageError, parseOptions, quoted, type Command } from './usage.ts';
import { builtCliFiles } from './built-cli.ts';
import { chooseToken } from './token-choice.ts';
import { requireVaultFolder } from './vault-folder.ts';

const ACTIONS = [
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    where: 'Syncs claude_desktop_config.json with this token (--out: another config file).',
  },
  {
    id: 'mcpb',
    name: 'Claude Desktop bundle (.mcpb)',
    where: 'Writes the per-token bundle to --out (double-click it to install).',
  },
];
const FIRST_AUTOMATIC_PORT = 27200;

export const connectCommand: Command = {
  name: 'connect',
  usage: [
    '--vault DIR --token ID|LABEL --client NAME [--out FILE]',
    '--vault DIR --token ID|LABEL --client mcpb [--out FILE] [--fallback|--no-fallback]',
    '--client list',
  ].join('\n'),
  run: async (args) => {
    await runConnect(args);
    return 0;
  },
};

async function runConnect(args: string[]): Promise<void> {
  const { values } = parseOptions(args, {
    vault: { type: 'string' },
    token: { type: 'string' },
    client: { type: 'string' },
    out: { type: 'string' },
    fallback: { type: 'boolean' },
    'no-fallback': { type: 'boolean' },
  });
  if (values.client === 'list') return print(clientList());
  if (values.vault === undefined || values.token === undefined || values.client === undefined)
    throw new UsageError(
      'connect needs --vault DIR --token ID|LABEL --client NAME (--client list shows the names).',
    );
  const client = values.client;
  if (clientById(client) === undefined && !ACTIONS.some((action) => action.id === client))
    throw new UsageError(`Unknown client "${client}"; --client list shows the names.`);
  const vault = resolve(await requireVaultFolder(values.vault));
  const settings = await SettingsStore.open(settingsPathOf(vault));
  try {
    const token = chooseToken(settings.current, values.token, values.vault);
    const target = bundleTarget(vault, token);
    if (client === 'mcpb') {
      return await writeBundle(target, values.out, await fallbackCli(vault, values));
    }
    if (client === 'claude-desktop') {
      const result = await syncDesktopConfig(
        settings,
        token.id,
        target,
        values.out ?? desktopConfigPath(),
      );
      return print([result.message]);
    }
    const secret = settings.secrets.get(token.id);
    if (secret === null)
      throw new Error(
        `The secret of "${token.label}" was made on another device and is not kept on this one: run "${PROGRAM} tokens --vault ${quoted(vault)} regenerate ${token.id}" here (clients using the old secret then need the new one), or use another token.`,
      );
    const context = {
      url: await liveUrl(settings),
      secret,
      serverName: serverNameFor(target.vaultName, settings.current.transport.serverName),
    };
    await printSnippets(
      (clientById(client) as (typeof CLIENTS)[number]).snippets(context),
      values.out,
    );
    // On stderr, so stdout stays exactly the config (for a pipe or a redirect).
    const link = installLinks(context).find((candidate) => candidate.client === client);
    if (link !== undefined)
      console.error(
        `${link.label} in one click (it carries the secret; open it on this computer):\n${link.url}`,
      );
  } catch (error) {
    if (error instanceof ToolError) throw new Error(error.message);
    throw error;
  } finally {
    settings.close();
  }
}

function clientList(): string[] {
  const rows = [...CLIENTS, ...ACTIONS].map(
    (client) => `  ${client.id.padEnd(15)} ${client.name}: ${client.where}`,
  );
  return ['Clients (--client NAME):', ...rows];
}

function bundleTarget(vault: string, token: TokenRecord): BundleTarget {
  return {
    vaultPath: vault,
    vaultName: basename(vault),
    configDir: '.obsidian',
    pluginId: manifest.id,
    tokenId: token.id,
    tokenLabel: token.label,
    version: manifest.version,
  };
}

/** The running server's endpoint, else the one a server would take (and say so). */
async function liveUrl(settings: SettingsStore): Promise<string> {
  const live = await readLiveServer(settings.device.liveServer);
  const port = live?.port ?? settings.current.transport.port;
  if (live === null)
    console.error(
      port === null
        ? `No server is running for this vault: assuming port ${FIRST_AUTOMATIC_PORT}, the first of the automatic range. Fix a port in the settings to be sure.`
        : `No server is running for this vault: using its fixed port ${port}.`,
    );
  return `http://127.0.0.1:${port ?? FIRST_AUTOMATIC_PORT}/mcp`;
}

/**
 * The built CLI a bundle carries for its fallback, or null: by default for a vault on a local
 * disk (and, from source, only once it is built); `--fallback` insists, `--no-fallback` refuses.
 */
async function fallbackCli(
  vault: string,
  values: { fallback?: boolean; 'no-fallback'?: boolean },
): Promise<Record<string, Uint8Array> | null> {
  if (values['no-fallback'] === true) return null;
  if (values.fallback !== true && !(await isOnLocalDisk(vault))) return null;
  const cli = await builtCliFiles();
  if (cli === null && values.fallback === true)
    throw new Error(
      'A bundle with the fallback carries the built CLI: run `bun run build:headless` first, or export with --no-fallback.',
    );
  return cli;
}

async function writeBundle(
  target: BundleTarget,
  out: string | undefined,
  fallbackCli: Record<string, Uint8Array> | null,
): Promise<void> {
  const file = resolve(out ?? mcpbFileName(target));
  const fallback = fallbackCli !== null;
  await writeFile(file, await buildMcpb(target, fallback ? { fallbackCli } : {}));
  print([
    `Wrote ${file}: a Claude Desktop bundle for "${target.tokenLabel}". Open it with Claude Desktop to install.`,
    fallback
      ? "When Obsidian is not running, it starts the vault's headless server in the background (no Dataview, Templater or commands then); --no-fallback leaves that out."
      : 'It needs Obsidian (or a headless server) running for the vault; --fallback lets it serve the vault itself.',
  ]);
}

/** Every snippet on stdout; `--out` gets the file form (the first snippet that is not a command). */
async function printSnippets(snippets: Snippet[], out: string | undefined): Promise<void> {
  if (out !== undefined) {
    const file = snippets.find((snippet) => snippet.language !== 'sh') ?? snippets[0];
    await writeFile(resolve(out), file?.text ?? '');
    console.error(`Wrote ${resolve(out)} (${file?.title}).`);
  }
  if (snippets.length === 1) return void process.stdout.write(snippets[0]?.text ?? '');
  process.stdout.write(snippets.map((snippet) => `# ${snippet.title}\n${snippet.text}`).join('\n'));
}

function print(lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}
