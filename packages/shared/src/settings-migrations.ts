/**
 * Upgrades a data.json of any earlier format to the current one, losing nothing. Version 0 is the
 * single-token file (`{"token": "...", "port"?: N}`): its token becomes row one, labelled Default.
 * Version 1 lacked the tool-policy, hidden-folders and usage slices, which the schema fills with
 * defaults. Version 2 kept each token's secret in the file: from version 3 the file keeps its
 * hash, and the secret moves to the device home (ADR-0033), handed back in `moved` for the
 * settings store to save there before it writes the file. A newer version than ours is left alone.
 */
import { randomUUID } from 'node:crypto';
import { SETTINGS_SCHEMA_VERSION } from './settings.ts';
import { hashSecret } from './tokens.ts';

/** What leaves the file for the device home: the plain secrets, by token id. */
export interface MovedToDevice {
  secrets: Record<string, string>;
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
  const moved: MovedToDevice = { secrets: {} };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { value: raw, from: SETTINGS_SCHEMA_VERSION, changed: false, moved };
  const record = raw as Record<string, unknown>;
  const version = typeof record.schemaVersion === 'number' ? record.schemaVersion : 0;
  if (version > SETTINGS_SCHEMA_VERSION)
    return { value: raw, from: version, changed: false, moved };
  // Plain secrets are moved out whatever the version says: a file edited by hand, or restored
  // from before, must not keep one.
  const fromZero = version === 0 ? fromSingleToken(record, now) : record;
  const hashed = withHashedSecrets(fromZero, moved);
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
