/**
 * search_vault_smart: notes by meaning, from the on-device semantic index (semantic-search
 * feature). `hybrid`, the default, fuses the semantic ranking with BM25 keyword ranking by
 * reciprocal-rank fusion; `semantic` is the embedding ranking alone (score: cosine). One hit per
 * note, its best chunk. While the index builds: `index_building` with progress and a retry
 * delay. The result is a plain object the MCP Apps view can reuse as is.
 */
import { type } from 'arktype';
import { semanticSearchFor, type SemanticSearch } from '../../../semantic-search/index.ts';
import { ToolError } from '@mcp-connector/shared';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument } from '../../services/list-limits.ts';
import { requireFolder } from '../../services/note-access.ts';
import type { ToolContext } from '../../tool-context.ts';

const DEFAULT_HITS = 10;
const MAX_HITS = 100;

export const searchVaultSmart = defineTool({
  name: 'search_vault_smart',
  title: 'Semantic search',
  description:
    'Find notes by meaning (on-device embeddings); mode hybrid, the default, also ranks by keywords. One hit per note.',
  input: type({
    query: 'string > 0',
    'filter?': type({
      'includeFolders?': 'string[]',
      'excludeFolders?': 'string[]',
    }).onUndeclaredKey('reject'),
    'limit?': limitArgument,
    'mode?': "'semantic' | 'hybrid'",
  }),
  annotations: READ_ONLY,
  handler: async ({ query, filter, limit, mode }, ctx) => {
    const service = serviceFor(ctx);
    const { result } = await service.search(
      {
        query,
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
      (done, total, message) => {
        ctx.reportProgress(done, total, message).catch(() => undefined); // the caller may be gone
      },
    );
    return { query, ...result };
  },
});

/** `ctx.services.semanticSearch` once the lead adds it to ToolServices; the registry until then. */
function serviceFor(ctx: ToolContext): SemanticSearch {
  const fromServices = (ctx.services as { semanticSearch?: SemanticSearch }).semanticSearch;
  const service = fromServices ?? semanticSearchFor(ctx.host);
  if (service === null) {
    throw new ToolError(
      'unsupported',
      'Semantic search is not running on this server; use search_vault_simple.',
    );
  }
  return service;
}
