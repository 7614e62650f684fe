/**
 * The semantic-search settings slice (`semantic` in data.json): its schema and defaults live with
 * the other slices in packages/shared/src/settings.ts; this feature reads them from there.
 */
import type { SemanticSettings } from '@mcp-connector/shared';

export { defaultSemanticSettings, type SemanticSettings } from '@mcp-connector/shared';
export type ProviderChoice = SemanticSettings['provider'];
