/**
 * The search tools; listing one here registers it. `closeSearchServices` releases what they keep
 * per host (the note text cache and its event subscription): call it when the server stops.
 * `warmSearchServices` readies search ahead of the first query (the case-folding table, and the
 * note text cache on a host whose index holds the texts: nothing is read from disk; elsewhere it
 * does nothing).
 */
import type { VaultHost } from '../../../../host/vault-host.ts';
import type { Tool } from '../../define-tool.ts';
import { executeDataviewQuery } from './execute-dataview-query.ts';
import { searchVault } from './search-vault.ts';
import { searchVaultSimple } from './search-vault-simple.ts';
import { prepareFolding } from './services/case-fold.ts';
import { closeNoteTextCache, noteTextCache } from './services/note-text-cache.ts';

export const searchTools: Tool[] = [searchVaultSimple, searchVault, executeDataviewQuery];

export function closeSearchServices(host: VaultHost): void {
  closeNoteTextCache(host);
}

export function warmSearchServices(host: VaultHost): void {
  if ((host.indexed?.() ?? null) === null) return;
  prepareFolding();
  void noteTextCache(host).notes();
}
