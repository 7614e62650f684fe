/**
 * search_vault_simple: case-insensitive plain-text search over every note (`.md`, frontmatter
 * included), over the texts the host's answers keep in memory (no disk reads once they are in). Hits are ordered
 * by path (code units), then by position; `total` counts every occurrence, `hits` holds the first
 * `limit` (default 50, clamped to 1000). `contextLength` (default 100, clamped to 1000) is the
 * number of characters kept on each side of the match in `excerpt`. The hits also ride in the
 * result's `_meta` for the MCP Apps search-results view (features/mcp-apps).
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { SEARCH_VIEW_URI, searchViewMeta } from '../../../mcp-apps/index.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { MAX_LIST_LIMIT, limitArgument } from '../../services/list-limits.ts';
import { withResultMeta } from '../../tool-output.ts';
import { foldCase } from './services/case-fold.ts';
import { findHits } from './services/text-hits.ts';

const DEFAULT_LIMIT = 50;
const DEFAULT_CONTEXT = 100;
const MAX_CONTEXT = 1000;

export const searchVaultSimple = defineTool({
  name: 'search_vault_simple',
  title: 'Search text',
  description:
    'Case-insensitive text search of notes: hits (path, 0-based line, excerpt of contextLength chars a side) by path.',
  input: () =>
    type({
      query: 'string',
      'contextLength?': 'number.integer >= 0',
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  ui: { resourceUri: SEARCH_VIEW_URI },
  handler: async ({ query, contextLength = DEFAULT_CONTEXT, limit = DEFAULT_LIMIT }, ctx) => {
    if (query === '') {
      throw new ToolError('invalid_arguments', 'query is empty; pass the text to look for.');
    }
    const notes = await ctx.host.answers().noteTexts();
    const effectiveLimit = Math.min(limit, MAX_LIST_LIMIT);
    const { hits, total } = findHits(notes, {
      foldedQuery: foldCase(query),
      contextLength: Math.min(contextLength, MAX_CONTEXT),
      limit: effectiveLimit,
    });
    const view = { vault: ctx.host.vaultName, query, rows: hits, total };
    return withResultMeta(
      { query, hits, total, truncated: total > hits.length },
      searchViewMeta(view),
    );
  },
});
