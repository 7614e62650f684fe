/**
 * Token records in the settings: the first run gets one token labelled "Default", so a fresh
 * install can be connected without visiting the settings first.
 */
import { newTokenRecord, type TokenRecord } from '@mcp-connector/shared';
import type { SettingsStore } from '../../settings/index.ts';

export async function ensureDefaultToken(store: SettingsStore): Promise<TokenRecord> {
  const tokens = await store.updateSlice('tokens', (current) =>
    current.length > 0 ? current : [newTokenRecord('Default')],
  );
  return tokens[0] as TokenRecord;
}
