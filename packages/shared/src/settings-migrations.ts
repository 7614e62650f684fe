/**
 * Upgrades a data.json of any earlier format to the current one, keeping every secret byte for
 * byte. Version 0 is the single-token file (`{"token": "...", "port"?: N}`): its token becomes
 * row one, labelled Default. Version 1 lacked the tool-policy, hidden-folders and usage slices,
 * which the schema fills with defaults. A newer version than ours is left alone.
 */
import { randomUUID } from 'node:crypto';
import { SETTINGS_SCHEMA_VERSION } from './settings.ts';

export interface Migration {
  value: unknown;
  /** The version the file had before (0 for the single-token format). */
  from: number;
}

export function migrateSettings(raw: unknown, now: Date = new Date()): Migration {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { value: raw, from: SETTINGS_SCHEMA_VERSION };
  const record = raw as Record<string, unknown>;
  const version = typeof record.schemaVersion === 'number' ? record.schemaVersion : 0;
  if (version >= SETTINGS_SCHEMA_VERSION) return { value: raw, from: version };
  const fromZero = version === 0 ? fromSingleToken(record, now) : record;
  return { value: { ...fromZero, schemaVersion: SETTINGS_SCHEMA_VERSION }, from: version };
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
