/**
 * Upgrades a data.json of any earlier format to the current one, losing nothing. Version 0 is the
 * single-token file (`{"token": "...", "port"?: N}`): its token becomes row one, labelled Default.
 * Version 1 lacked the tool-policy, hidden-folders and usage slices, which the schema fills with
 * defaults. Version 2 kept each token's secret in the file, and the counters serving keeps (the
 * `usage` slice, `toolPolicy.callCounts`): from version 3 the file keeps each secret's hash, and
 * the secrets and counters move to the device home (ADR-0033), handed back in `moved` for the
 * settings store to save there before it writes the file. A newer version than ours is left alone.
 */
import { randomUUID } from 'node:crypto';
import { SETTINGS_SCHEMA_VERSION } from './settings.ts';
import { hashSecret } from './tokens.ts';
import { isRecord } from './is-record.ts';

/** What leaves the file for the device home (ADR-0033). */
export interface MovedToDevice {
  /** Plain secrets, by token id. */
  secrets: Record<string, string>;
  /** The `usage` slice: requests per token id, as the file had it (checked on arrival). */
  requests: Record<string, unknown>;
  /** `toolPolicy.callCounts`: calls per tool, as the file had it (checked on arrival). */
  calls: Record<string, unknown>;
}

export interface Migration {
  value: unknown;
  /** The version the file had before (0 for the single-token format). */
  from: number;
  /** Whether `value` differs from the file: it is to be written back (after `moved` is saved). */
  changed: boolean;
  moved: MovedToDevice;
}

export function migrateSettings(raw: unknown, now: Date = new Date()): Migration {
  const moved: MovedToDevice = { secrets: {}, requests: {}, calls: {} };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { value: raw, from: SETTINGS_SCHEMA_VERSION, changed: false, moved };
  const record = raw as Record<string, unknown>;
  const version = typeof record.schemaVersion === 'number' ? record.schemaVersion : 0;
  if (version > SETTINGS_SCHEMA_VERSION)
    return { value: raw, from: version, changed: false, moved };
  // Plain secrets are moved out whatever the version says: a file edited by hand, or restored
  // from before, must not keep one.
  const fromZero = version === 0 ? fromSingleToken(record, now) : record;
  const hashed = withoutServingState(withHashedSecrets(fromZero, moved), moved);
  if (version === SETTINGS_SCHEMA_VERSION && hashed === fromZero)
    return { value: raw, from: version, changed: false, moved };
  return {
    value: { ...hashed, schemaVersion: SETTINGS_SCHEMA_VERSION },
    from: version,
    changed: true,
    moved,
  };
}

function fromSingleToken(record: Record<string, unknown>, now: Date): Record<string, unknown> {
  const { token, port, ...rest } = record;
  const tokens =
    typeof token === 'string'
      ? [{ id: randomUUID(), label: 'Default', secret: token, createdAt: now.toISOString() }]
      : [];
  return {
    ...rest,
    transport: { port: typeof port === 'number' ? port : null, serverName: null },
    tokens,
  };
}

/** The counters serving kept in the file (version 2) handed to `moved`; same object if none. */
function withoutServingState(
  record: Record<string, unknown>,
  moved: MovedToDevice,
): Record<string, unknown> {
  const { usage, toolPolicy, ...rest } = record;
  const policy = isRecord(toolPolicy) ? toolPolicy : null;
  if (usage === undefined && (policy === null || !('callCounts' in policy))) return record;
  if (isRecord(usage)) moved.requests = usage;
  if (policy === null) return toolPolicy === undefined ? rest : { ...rest, toolPolicy };
  const { callCounts, ...keptPolicy } = policy;
  if (isRecord(callCounts)) moved.calls = callCounts;
  return { ...rest, toolPolicy: keptPolicy };
}

/** Each token's `secret` replaced by its `hash`, the secret kept in `moved`; same object if none. */
function withHashedSecrets(
  record: Record<string, unknown>,
  moved: MovedToDevice,
): Record<string, unknown> {
  if (!Array.isArray(record.tokens)) return record;
  let changed = false;
  const tokens = (record.tokens as unknown[]).map((token) => {
    if (typeof token !== 'object' || token === null || !('secret' in token)) return token;
    const { secret, ...rest } = token as Record<string, unknown>;
    changed = true;
    if (typeof secret !== 'string' || typeof rest.id !== 'string' || rest.id === '') return rest;
    moved.secrets[rest.id] = secret;
    return { ...rest, hash: hashSecret(rest.id, secret) };
  });
  return changed ? { ...record, tokens } : record;
}
