/**
 * The rows the search-results view renders, as they ride in a successful search result's `_meta`
 * under `SEARCH_VIEW_META_KEY`. The server builds them (`searchViewMeta`); the view, which runs
 * in the host's iframe and trusts nothing it receives, reads them back with `readSearchViewData`.
 *
 * Invariants: pure data, no imports, so the same code is bundled into the view; rows keep the
 * ranking the tool returned (first row = best hit). A semantic hit carries `score` and
 * `heading`; a text hit carries its 0-based `line` instead.
 */
import { isRecord } from '@mcp-connector/shared/is-record';

/** `_meta` key of the view's data in a tool result (prefixed, per the MCP `_meta` key rules). */
export const SEARCH_VIEW_META_KEY = 'mcp-connector/search';

export interface SearchRow {
  path: string;
  excerpt: string;
  /** search_vault_smart: cosine or normalised fused score; search_vault_simple: BM25. */
  score?: number;
  /** search_vault_smart: the innermost heading above the hit, null when there is none. */
  heading?: string | null;
  /** search_vault_simple: 0-based line of the note's best matching line. */
  line?: number;
}

export interface SearchViewData {
  /** The vault searched, named by the empty state. */
  vault: string;
  query: string;
  rows: SearchRow[];
  /** Every match, when the tool found more than it returned (search_vault_simple). */
  total: number;
}

/** The `_meta` object of a successful search result. */
export function searchViewMeta(data: SearchViewData): Record<string, unknown> {
  return { [SEARCH_VIEW_META_KEY]: data };
}

/** The view's data from a result's `_meta`, or null when it is missing or malformed. */
export function readSearchViewData(meta: unknown): SearchViewData | null {
  if (!isRecord(meta)) return null;
  const data = meta[SEARCH_VIEW_META_KEY];
  if (!isRecord(data) || !Array.isArray(data.rows)) return null;
  if (typeof data.vault !== 'string' || typeof data.query !== 'string') return null;
  const rows = data.rows.map(readRow);
  if (rows.some((row) => row === null)) return null;
  const total = typeof data.total === 'number' ? data.total : rows.length;
  return { vault: data.vault, query: data.query, rows: rows as SearchRow[], total };
}

function readRow(value: unknown): SearchRow | null {
  if (!isRecord(value)) return null;
  const { path, excerpt, score, heading, line } = value;
  if (typeof path !== 'string' || typeof excerpt !== 'string') return null;
  const row: SearchRow = { path, excerpt };
  if (typeof score === 'number') row.score = score;
  if (typeof heading === 'string' || heading === null) row.heading = heading;
  if (typeof line === 'number') row.line = line;
  return row;
}
