/**
 * The schemas of data.json's slices (settings.ts has the format's types and defaults). Their own
 * entry point, `@mcp-connector/shared/settings-schemas`, outside the package's index: only code
 * that validates settings loads ArkType, so main.js evaluates without it (ADR-0022).
 */
import { type, type ArkErrors } from 'arktype';
import { onFirstUse } from './first-use.ts';
import {
  DEFAULT_WARN_PER_MINUTE,
  normalizeHiddenFolder,
  type ChangeJournalSettings,
} from './settings.ts';
import { MAX_TOKENS, SECRET_HASH_PATTERN } from './tokens.ts';

/** The schemas, made on first use: loading main.js builds none (ADR-0022). */
const schemas = onFirstUse(() => {
  const tokenRecordSchema = type({
    id: 'string > 0',
    label: 'string',
    /** The secret's hash (tokens.ts); the secret itself is on the device that made it. */
    hash: SECRET_HASH_PATTERN,
    createdAt: 'string',
  });

  const transportSettingsSchema = type({
    /** A fixed port, or null for the first free port of the default range. */
    port: '(1 <= number.integer <= 65535) | null',
    /**
     * How clients that list several servers name this one (`claude mcp add <name>`, the key in an
     * mcpServers config); null derives it from the vault's name (features/settings-ui).
     */
    serverName: ['string | null', '=', null],
  });

  /** One answer of the command gate, kept for the user to review (the last 50). */
  const commandDecisionSchema = type({
    timestamp: 'string',
    commandId: 'string',
    decision: "'allowed' | 'denied'",
    reason: 'string',
  });

  /** Running Obsidian commands: off by default; ids on the allowlist run without asking. */
  const commandSettingsSchema = type({
    enabled: 'boolean',
    /** Exact command ids; no wildcards. */
    allowlist: 'string[]',
    decisions: commandDecisionSchema.array(),
    /** From this many calls in a minute on, a command's result carries a warning. */
    warnPerMinute: ['1 <= number.integer <= 100', '=', DEFAULT_WARN_PER_MINUTE],
  });

  /** What one token's client may see and call (features/tool-policy). */
  const tokenPolicySchema = type({
    profile: "'all' | 'core' | 'adaptive'",
    /** Tools pinned for this token: by the user, or by activate_tool with persist. */
    promoted: 'string[]',
    /** A hard ceiling; null means none, [] means the meta-tools only. */
    allowlist: 'string[] | null',
    readOnly: 'boolean',
  });

  const toolPolicySchema = type({
    /** Policy per token id; a token without an entry gets defaultTokenPolicy(). */
    tokens: type({ '[string]': tokenPolicySchema }),
    /** Tools the user switched off, for every token. */
    userDisabled: 'string[]',
    /**
     * Tools promoted for every adaptive token by the user (and, before ADR-0033, by use: what use
     * promotes now is device state, beside the call counts).
     */
    promoted: 'string[]',
  });

  /** On-device semantic search (features/semantic-search). */
  const semanticSettingsSchema = type({
    /** Off: no indexing, no model loaded, and search_vault_smart says how to turn it on. */
    enabled: 'boolean',
    /** `auto`: Smart Connections in Obsidian when installed, else native; headless: offline. */
    provider: "'auto' | 'native' | 'offline' | 'smart-connections'",
    /** The transformers.js model the `native` provider runs. */
    nativeModel: "'all-MiniLM-L6-v2' | 'embeddinggemma-300m' | 'multilingual-e5-base'",
  });

  /** Normalised on every read and write; an entry naming the root or leaving the vault is invalid. */
  const hiddenFoldersSchema = type('string[]').pipe((entries, ctx) => {
    const folders = entries.map(normalizeHiddenFolder);
    if (folders.some((folder) => folder === '' || folder.split('/').includes('..')))
      return ctx.error('vault folders (not the vault root, no "..")');
    return folders;
  });

  const tokensSchema = tokenRecordSchema.array().atMostLength(MAX_TOKENS);

  /** The token that owns this vault's claude_desktop_config.json entry (features/client-config). */
  const clientConfigSettingsSchema = type({
    desktop: type({ tokenId: 'string > 0', entryName: 'string > 0' }).or('null'),
  });

  /** The change journal's bounds (features/change-journal): the oldest changes go first. */
  const changeJournalSettingsSchema = type({
    /** Journal and before-images together, in MB; the newest change is always kept. */
    maxSizeMb: '1 <= number <= 10000',
    /** Changes older than this many days are dropped. */
    maxAgeDays: '1 <= number <= 3650',
    /** A binary file's before-image is kept up to this size in MB; beyond it the change says so. */
    maxBinaryMb: '0 <= number <= 1000',
  });

  const sliceSchemas = {
    transport: transportSettingsSchema,
    tokens: tokensSchema,
    toolPolicy: toolPolicySchema,
    /** Vault folders AI clients must never see, as vault paths. */
    hiddenFolders: hiddenFoldersSchema,
    commands: commandSettingsSchema,
    semantic: semanticSettingsSchema,
    clientConfig: clientConfigSettingsSchema,
    changeJournal: changeJournalSettingsSchema,
  } as const;

  return {
    tokenRecordSchema,
    transportSettingsSchema,
    commandDecisionSchema,
    commandSettingsSchema,
    tokenPolicySchema,
    toolPolicySchema,
    semanticSettingsSchema,
    hiddenFoldersSchema,
    tokensSchema,
    clientConfigSettingsSchema,
    changeJournalSettingsSchema,
    sliceSchemas,
  };
});
export type SettingsSchemas = ReturnType<typeof schemas>;

/** Each slice's own schema: a file is validated slice by slice, so one bad slice spoils no other. */
export function sliceSchemas(): SettingsSchemas['sliceSchemas'] {
  return schemas().sliceSchemas;
}

export function checkChangeJournalSettings(value: unknown): ChangeJournalSettings | ArkErrors {
  return schemas().changeJournalSettingsSchema(value);
}
