/**
 * Token records and their policies in the settings. A fresh install gets one token labelled
 * "Default". Adding, renaming, regenerating (same id and policy, new secret) and revoking are
 * settings updates, so they apply to the next request without restarting the transport.
 *
 * data.json keeps each secret's hash; the secret goes to this device's secrets file first
 * (ADR-0033), so a secret the file verifies is always one this device can show, and a crash
 * between the two writes leaves at worst an unused secret on the device.
 */
import {
  MAX_TOKENS,
  ToolError,
  defaultTokenPolicy,
  newToken,
  newTokenSecret,
  recordOf,
  tokensNamed,
  withSecret,
  type DeviceToken,
  type IssuedToken,
  type Settings,
  type TokenPolicy,
  type TokenRecord,
} from '@mcp-connector/shared';
import type { SettingsStore } from '../../settings/index.ts';

/** The first token, made as "Default" when there is none; its secret if this device has it. */
export async function ensureDefaultToken(store: SettingsStore): Promise<DeviceToken> {
  if (store.current.tokens.length === 0) {
    const fresh = newToken('Default');
    await store.secrets.set({ [fresh.id]: fresh.secret });
    await store.updateSlice('tokens', (current) =>
      current.length > 0 ? current : [recordOf(fresh)],
    );
  }
  const tokens = store.current.tokens;
  await store.secrets.keepOnly(tokens.map((token) => token.id));
  return withDeviceSecret(store, tokens[0] as TokenRecord);
}

/** The token with its secret as this device keeps it (null: made on another device). */
export function withDeviceSecret(store: SettingsStore, token: TokenRecord): DeviceToken {
  return { ...token, secret: store.secrets.get(token.id) };
}

/** Adds the token and its policy in one write: no moment has it under another policy. */
export async function addToken(
  store: SettingsStore,
  label: string,
  policy: Partial<TokenPolicy> = {},
): Promise<IssuedToken> {
  const issued = newToken(requireLabel(label));
  const record = recordOf(issued);
  await store.secrets.set({ [issued.id]: issued.secret });
  await store.updateSlices({
    tokens: (current) => {
      if (current.length >= MAX_TOKENS) {
        throw new ToolError(
          'invalid_arguments',
          `There are already ${MAX_TOKENS} tokens; revoke one first.`,
        );
      }
      return [...current, record];
    },
    toolPolicy: (current) => withTokenPolicy(current, record.id, policy).policy,
  });
  return issued;
}

export async function renameToken(
  store: SettingsStore,
  id: string,
  label: string,
): Promise<TokenRecord> {
  return replaceToken(store, id, (token) => ({ ...token, label: requireLabel(label) }));
}

/**
 * A new secret for the same id and policy: the old secret stops working at once. Also how a
 * token made on another device gets a secret this device can show.
 */
export async function regenerateToken(store: SettingsStore, id: string): Promise<IssuedToken> {
  const token = requireToken(store.current, id);
  const issued = withSecret(token, newTokenSecret());
  const previous = store.secrets.get(id);
  await store.secrets.set({ [id]: issued.secret });
  try {
    const replaced = await replaceToken(store, id, (current) => ({
      ...recordOf(current),
      hash: issued.hash,
    }));
    return { ...replaced, secret: issued.secret };
  } catch (error) {
    // data.json still has the old hash: the device keeps the secret that matches it.
    if (previous === null) await store.secrets.remove([id]);
    else await store.secrets.set({ [id]: previous });
    throw error;
  }
}

export async function revokeToken(store: SettingsStore, id: string): Promise<void> {
  requireToken(store.current, id);
  await store.updateSlices({
    tokens: (current) => current.filter((token) => token.id !== id),
    toolPolicy: (policy) => {
      const { [id]: _removed, ...tokens } = policy.tokens;
      return { ...policy, tokens };
    },
  });
  await store.secrets.remove([id]);
}

export async function setTokenPolicy(
  store: SettingsStore,
  id: string,
  change: Partial<TokenPolicy>,
): Promise<TokenPolicy> {
  let updated = defaultTokenPolicy();
  await store.updateSlice('toolPolicy', (current) => {
    const next = withTokenPolicy(current, id, change);
    updated = next.updated;
    return next.policy;
  });
  return updated;
}

/** The tool policy with the token's policy changed, and the token's policy as it is then. */
function withTokenPolicy(
  policy: Settings['toolPolicy'],
  id: string,
  change: Partial<TokenPolicy>,
): { policy: Settings['toolPolicy']; updated: TokenPolicy } {
  const updated = { ...(policy.tokens[id] ?? defaultTokenPolicy()), ...change };
  return { policy: { ...policy, tokens: { ...policy.tokens, [id]: updated } }, updated };
}

async function replaceToken(
  store: SettingsStore,
  id: string,
  change: (token: TokenRecord) => TokenRecord,
): Promise<TokenRecord> {
  let replaced: TokenRecord | undefined;
  await store.updateSlice('tokens', (current) =>
    current.map((token) => (token.id === id ? (replaced = change(token)) : token)),
  );
  if (replaced === undefined) throw unknownToken(id);
  return replaced;
}

/**
 * The token a person names by id or by label, case-insensitively (ids first; a label several
 * tokens share is refused, since guessing would choose a scope).
 */
export function findToken(settings: Settings, idOrLabel: string): TokenRecord {
  const named = tokensNamed(settings.tokens, idOrLabel);
  if (named.length === 1) return named[0] as TokenRecord;
  if (named.length > 1)
    throw new ToolError(
      'invalid_arguments',
      `${named.length} tokens are labelled "${idOrLabel}"; give the id instead (list the tokens to see them).`,
    );
  throw new ToolError(
    'not_found',
    `No token with id or label "${idOrLabel}"; list the tokens to see their ids and labels.`,
  );
}

export function requireToken(settings: Settings, id: string): TokenRecord {
  const token = settings.tokens.find((candidate) => candidate.id === id);
  if (token === undefined) throw unknownToken(id);
  return token;
}

function unknownToken(id: string): ToolError {
  return new ToolError('not_found', `No token with id ${id}; list the tokens to see their ids.`);
}

function requireLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed === '' || trimmed.length > 80 || /[\r\n]/.test(trimmed)) {
    throw new ToolError('invalid_arguments', 'A token label is 1-80 characters on one line.');
  }
  return trimmed;
}
