/**
 * search_vault_simple: ranked text search of the notes, as an agent asks in words. The query is
 * read as Obsidian's search box reads it (services/search-query.ts): plain words, each optional,
 * rank the notes by BM25 over title, aliases, headings, tags and body (services/ranked-notes.ts);
 * "quoted phrases" must appear; `tag:`, `path:`, `file:`, `[property:value]` and `-word` narrow.
 * One hit per note, best first, with its best matching lines (0-based `line`, the line clipped to
 * `contextLength` characters a side of its first match). `total` counts the matching notes,
 * `hits` holds the first `limit` (default 200, clamped to 1000). No match answers with a `hint`.
 * The hits also ride in the result's `_meta` for the MCP Apps search-results view (features/mcp-apps).
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { SEARCH_VIEW_URI, searchViewMeta } from '../../../mcp-apps/index.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, limitArgument } from '../../services/list-limits.ts';
import { withResultMeta } from '../../tool-output.ts';
import { bestLines } from './services/best-lines.ts';
import { rankNotes } from './services/ranked-notes.ts';
import { parseQuery } from './services/search-query.ts';

const DEFAULT_CONTEXT = 100;
const MAX_CONTEXT = 1000;
const LINES_PER_NOTE = 3;
const SCORE_DIGITS = 1000;

export const NO_MATCH_HINT =
  'No note matched. Try fewer or other words, another spelling, or search_vault_smart to search by meaning.';

export const searchVaultSimple = defineTool({
  name: 'search_vault_simple',
  title: 'Search text',
  description:
    'Ranked keyword search of notes (BM25; words optional, "phrase", -word, tag: path: file: [prop:value]): notes best first, best lines (0-based).',
  input: () =>
    type({
      query: 'string',
      'contextLength?': 'number.integer >= 0',
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  ui: { resourceUri: SEARCH_VIEW_URI },
  handler: async ({ query, contextLength = DEFAULT_CONTEXT, limit = DEFAULT_LIST_LIMIT }, ctx) => {
    const parsed = parseQuery(query);
    if (parsed.words.length === 0 && parsed.filters.length === 0) {
      throw new ToolError('invalid_arguments', 'query is empty; pass the text to look for.');
    }
    const notes = await ctx.host.answers().noteTexts();
    const ranking = rankNotes(ctx.host, notes, parsed);
    const lineQuery = {
      weights: ranking.weights,
      phrases: parsed.phrases,
      contextLength: Math.min(contextLength, MAX_CONTEXT),
    };
    const hits = ranking.notes
      .slice(0, Math.min(limit, MAX_LIST_LIMIT))
      .map(({ document, score }) => ({
        path: document.path,
        score: Math.round(score * SCORE_DIGITS) / SCORE_DIGITS,
        lines: bestLines(document.text, lineQuery, LINES_PER_NOTE),
      }));
    const total = ranking.notes.length;
    const view = {
      vault: ctx.host.vaultName,
      query,
      rows: hits.map(({ path, score, lines }) => ({
        path,
        score,
        excerpt: lines[0]?.text ?? '',
        ...(lines[0] !== undefined && { line: lines[0].line }),
      })),
      total,
    };
    return withResultMeta(
      {
        query,
        hits,
        total,
        truncated: total > hits.length,
        ...(total === 0 && { hint: NO_MATCH_HINT }),
      },
      searchViewMeta(view),
    );
  },
});
