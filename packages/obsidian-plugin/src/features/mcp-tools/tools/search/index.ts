/**
 * The search tools; listing one here registers it. `closeSearchServices` releases what search
 * keeps per host (the computed answers' note texts and their event subscription): call it when
 * the server stops. `warmSearchServices` readies search ahead of the first query on a host whose
 * answers keep the texts in memory (the case-folding table and the list of texts: nothing is
 * read from disk); where the answers are computed it does nothing, since listing the texts
 * would read every note.
 */
import {
  ComputedAnswers,
  releaseComputedAnswers,
} from '../../../../host/answers/computed-answers.ts';
import type { VaultHost } from '../../../../host/vault-host.ts';
import type { Tool } from '../../define-tool.ts';
import { executeDataviewQuery } from './execute-dataview-query.ts';
import { searchVault } from './search-vault.ts';
import { searchVaultSimple } from './search-vault-simple.ts';
import { prepareFolding } from './services/case-fold.ts';

// search_vault_smart reads the same operators.
export { parseQuery } from './services/search-query.ts';
export { operatorFilter } from './services/note-filters.ts';
export { rankNotes } from './services/ranked-notes.ts';
// What the ranking's documents hold (bench:search).
export { KEPT_BYTES, keptDocuments } from './services/note-document.ts';

export const searchTools: Tool[] = [searchVaultSimple, searchVault, executeDataviewQuery];

export function closeSearchServices(host: VaultHost): void {
  releaseComputedAnswers(host);
}

export function warmSearchServices(host: VaultHost): void {
  const answers = host.answers();
  if (answers instanceof ComputedAnswers) return;
  prepareFolding();
  void answers.noteTexts();
}
