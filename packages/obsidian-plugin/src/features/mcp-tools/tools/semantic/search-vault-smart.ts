/**
 * search_vault_smart: notes by meaning, from the on-device semantic index (semantic-search
 * feature). `hybrid`, the default, fuses the semantic ranking with BM25 keyword ranking by
 * weighted score fusion; `semantic` is the embedding ranking alone (score: cosine). One hit per
 * note, its best chunk. Hybrid fusion weighs a keyword hit by the share of the query's rarity it
 * holds, and leaves out the tail under a relevance floor (`belowRelevanceFloor` says how many).
 * The query's Obsidian operators (`tag:`, `path:`, `file:`, `"phrase"`, `-word`, `[prop:value]`,
 * read as search_vault_simple reads them) narrow the notes; its words are what is ranked.
 * While the index builds: `index_building` with progress and a retry delay. The hits also ride in the result's `_meta` for the MCP Apps search-results view
 * (features/mcp-apps).
 */
import { type } from 'arktype';
import { SEARCH_VIEW_URI, searchViewMeta } from '../../../mcp-apps/index.ts';
import type { SemanticSearch } from '../../../semantic-search/index.ts';
import { ToolError } from '@mcp-connector/shared';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument } from '../../services/list-limits.ts';
import { requireFolder } from '../../services/note-access.ts';
import type { ToolContext } from '../../tool-context.ts';
import { withResultMeta } from '../../tool-output.ts';
import { operatorFilter, parseQuery, rankNotes } from '../search/index.ts';

const DEFAULT_HITS = 10;
const MAX_HITS = 100;

export const searchVaultSmart = defineTool({
  name: 'search_vault_smart',
  title: 'Semantic search',
  description:
    'Find notes by meaning (on-device embeddings); hybrid, the default, also ranks by keywords. One hit per note. Operators as search_vault_simple.',
  input: () =>
    type({
      query: 'string > 0',
      'filter?': type({
        'includeFolders?': 'string[]',
        'excludeFolders?': 'string[]',
      }).onUndeclaredKey('reject'),
      'limit?': limitArgument,
      'mode?': "'semantic' | 'hybrid'",
    }),
  annotations: READ_ONLY,
  ui: { resourceUri: SEARCH_VIEW_URI },
  handler: async ({ query, filter, limit, mode }, ctx) => {
    const service = serviceFor(ctx);
    const parsed = parseQuery(query);
    const words = [...parsed.words, ...parsed.phrases].join(' ');
    if (words.trim() === '')
      throw new ToolError(
        'invalid_arguments',
        'query has no words to rank by; add some, or list notes by operators alone with search_vault_simple.',
      );
    const accept = await operatorFilter(ctx.host, parsed);
    // One keyword ranking for both search tools: search_vault_simple's, over whole notes.
    const keywordRanking = rankNotes(
      ctx.host,
      await ctx.host.answers().noteTexts(),
      parsed,
    ).notes.map(({ document, score, strength }) => ({ path: document.path, score, strength }));
    const { result } = await service.search(
      {
        query: words,
        ...(accept !== null && { accept }),
        keywordRanking,
        limit: Math.min(limit ?? DEFAULT_HITS, MAX_HITS),
        mode: mode ?? 'hybrid',
        includeFolders: (filter?.includeFolders ?? []).map((folder) =>
          requireFolder(ctx.host, folder),
        ),
        excludeFolders: (filter?.excludeFolders ?? []).map((folder) =>
          requireFolder(ctx.host, folder),
        ),
        host: ctx.host,
      },
      (done, total, message) => ctx.progress.report(done, total, message),
    );
    const { hits } = result;
    const view = { vault: ctx.host.vaultName, query, rows: hits, total: hits.length };
    return withResultMeta({ query, ...result }, searchViewMeta(view));
  },
});

function serviceFor(ctx: ToolContext): SemanticSearch {
  const service = ctx.services.semanticSearch;
  if (service === null) {
    throw new ToolError(
      'unsupported',
      'Semantic search is not running on this server; use search_vault_simple.',
    );
  }
  return service;
}
