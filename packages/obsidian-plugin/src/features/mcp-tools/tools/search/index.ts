/**
 * The search tools; listing one here registers it. `closeSearchServices` releases what they keep
 * per host (the note text cache and its event subscription): call it when the server stops.
 */
import type { VaultHost } from '../../../../host/vault-host.ts';
import type { Tool } from '../../define-tool.ts';
import { executeDataviewQuery } from './execute-dataview-query.ts';
import { searchVault } from './search-vault.ts';
import { searchVaultSimple } from './search-vault-simple.ts';
import { closeNoteTextCache } from './services/note-text-cache.ts';

export const searchTools: Tool[] = [searchVaultSimple, searchVault, executeDataviewQuery];

export function closeSearchServices(host: VaultHost): void {
  closeNoteTextCache(host);
}
