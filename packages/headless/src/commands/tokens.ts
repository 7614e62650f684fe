/**
 * `tokens --vault DIR <list | add | regenerate ID | revoke ID | set ID | promote ID TOOL |
 * demote ID TOOL>`: manages the
 * tokens and their policies in the same data.json the plugin uses, safely while a server runs
 * (the settings store locks the file; a running server reloads it). Secrets are printed once,
 * when created or regenerated.
 */
import { ToolError, type TokenPolicy } from '@mcp-connector/shared';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import {
  addToken,
  demoteTool,
  policyOf,
  promoteTool,
  regenerateToken,
  revokeToken,
  renameToken,
  setTokenPolicy,
} from '@mcp-connector/obsidian-plugin/tool-policy';
import { settingsPathOf } from '../serve.ts';
import { UsageError, parseOptions, requireOption, type Command } from './usage.ts';
import { requireVaultFolder } from './vault-folder.ts';

const OPTIONS = {
  vault: { type: 'string' },
  label: { type: 'string' },
  profile: { type: 'string' },
  'read-only': { type: 'boolean' },
  writable: { type: 'boolean' },
  allow: { type: 'string' },
  'allow-all': { type: 'boolean' },
} as const;

const PROFILES = ['all', 'core', 'adaptive'] as const;

export const tokensCommand: Command = {
  name: 'tokens',
  usage: [
    '--vault DIR list',
    '--vault DIR add --label L [--profile all|core|adaptive] [--read-only] [--allow a,b]',
    '--vault DIR regenerate ID | revoke ID',
    '--vault DIR set ID [--label L] [--profile P] [--read-only|--writable] [--allow a,b|--allow-all]',
    '--vault DIR promote ID TOOL | demote ID TOOL',
  ].join('\n'),
  run: runTokens,
};

async function runTokens(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, OPTIONS, true);
  const vault = await requireVaultFolder(requireOption(values.vault, '--vault DIR'));
  const [action, id, tool] = positionals;
  const settings = await SettingsStore.open(settingsPathOf(vault));
  try {
    await dispatch(settings, action, id, values, tool);
    return 0;
  } catch (error) {
    if (error instanceof ToolError) throw new Error(error.message);
    throw error;
  }
}

type Values = ReturnType<typeof parseOptions<typeof OPTIONS>>['values'];

async function dispatch(
  settings: SettingsStore,
  action: string | undefined,
  id: string | undefined,
  values: Values,
  tool: string | undefined,
): Promise<void> {
  switch (action) {
    case 'list':
      return print(listing(settings));
    case 'add': {
      if (values.label === undefined) throw new UsageError('add needs --label L.');
      const token = await addToken(settings, values.label, policyChange(values));
      return print([
        `Added "${token.label}" (id ${token.id}). Its secret, shown only now:`,
        token.secret,
      ]);
    }
    case 'regenerate': {
      const token = await regenerateToken(settings, requireId(id));
      return print([`New secret for "${token.label}"; the old one stopped working:`, token.secret]);
    }
    case 'revoke': {
      await revokeToken(settings, requireId(id));
      // No server may be running to notice; the Desktop entry of a revoked owner goes now.
      // Loaded here only: the other commands never need it.
      const clientConfig = await import('@mcp-connector/obsidian-plugin/client-config');
      const desktop = await clientConfig.forgetRevokedDesktopOwner(
        settings,
        clientConfig.desktopConfigPath(),
      );
      return print([`Revoked ${requireId(id)}.`, ...(desktop === null ? [] : [desktop.message])]);
    }
    case 'set': {
      const tokenId = requireId(id);
      if (values.label !== undefined) await renameToken(settings, tokenId, values.label);
      const policy = await setTokenPolicy(settings, tokenId, policyChange(values));
      return print([`Updated ${tokenId}: ${describePolicy(policy)}.`]);
    }
    case 'promote': {
      const tokenId = requireId(id);
      const policy = await promoteTool(settings, tokenId, requireTool(tool));
      return print([`Updated ${tokenId}: ${describePolicy(policy)}.`]);
    }
    case 'demote': {
      const tokenId = requireId(id);
      const demoted = await demoteTool(settings, tokenId, requireTool(tool));
      const scope = demoted.by === 'adaptive' ? ' for every adaptive token' : '';
      return print([`${demoted.name} is no longer promoted${scope}.`]);
    }
    default:
      throw new UsageError(
        'Give one of: list, add, regenerate ID, revoke ID, set ID, promote ID TOOL, demote ID TOOL.',
      );
  }
}

function policyChange(values: Values): Partial<TokenPolicy> {
  const change: Partial<TokenPolicy> = {};
  if (values.profile !== undefined) {
    if (!PROFILES.includes(values.profile as TokenPolicy['profile']))
      throw new UsageError(`--profile must be one of ${PROFILES.join(', ')}.`);
    change.profile = values.profile as TokenPolicy['profile'];
  }
  if (values['read-only'] === true) change.readOnly = true;
  if (values.writable === true) change.readOnly = false;
  if (values.allow !== undefined)
    change.allowlist = values.allow
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  if (values['allow-all'] === true) change.allowlist = null;
  return change;
}

function listing(settings: SettingsStore): string[] {
  const current = settings.current;
  if (current.tokens.length === 0)
    return [
      'No tokens yet; `add --label L` creates one (the server creates "Default" on first start).',
    ];
  return current.tokens.map((token) => {
    const usage = settings.usage.current.requests[token.id];
    const seen = usage?.lastSeen ?? 'never';
    const secret = settings.secrets.get(token.id);
    const shown = secret === null ? 'secret on another device' : `secret ${secret.slice(0, 6)}…`;
    return `${token.id}  ${JSON.stringify(token.label)}  ${describePolicy(policyOf(current, token.id))}  ${shown}  last used ${seen}`;
  });
}

function describePolicy(policy: TokenPolicy): string {
  const parts = [`profile ${policy.profile}`];
  if (policy.readOnly) parts.push('read-only');
  if (policy.allowlist !== null)
    parts.push(
      `allow ${policy.allowlist.length === 0 ? '(meta-tools only)' : policy.allowlist.join(',')}`,
    );
  if (policy.promoted.length > 0) parts.push(`promoted ${policy.promoted.join(',')}`);
  return parts.join(', ');
}

function requireId(id: string | undefined): string {
  if (id === undefined) throw new UsageError('Give the token id (see `list`).');
  return id;
}

function requireTool(tool: string | undefined): string {
  if (tool === undefined) throw new UsageError('Give the tool name after the token id.');
  return tool;
}

function print(lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}
