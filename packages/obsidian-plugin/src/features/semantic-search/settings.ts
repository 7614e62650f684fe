/**
 * The semantic-search settings slice: its schema and defaults, kept in this feature until the
 * lead adds it to data.json's schema (packages/shared/src/settings.ts) as the `semantic` slice.
 * One default for both hosts: `auto` resolves per host (see choose-provider.ts).
 */
import { type } from 'arktype';

export const semanticSettingsSchema = type({
  /** Off: no indexing, no model loaded, and search_vault_smart says how to turn it on. */
  enabled: 'boolean',
  provider: "'auto' | 'native' | 'offline' | 'smart-connections'",
  /** The transformers.js model the `native` provider runs. */
  nativeModel: "'all-MiniLM-L6-v2' | 'embeddinggemma-300m' | 'multilingual-e5-base'",
});

export type SemanticSettings = typeof semanticSettingsSchema.infer;
export type ProviderChoice = SemanticSettings['provider'];

export function defaultSemanticSettings(): SemanticSettings {
  return { enabled: true, provider: 'auto', nativeModel: 'all-MiniLM-L6-v2' };
}
