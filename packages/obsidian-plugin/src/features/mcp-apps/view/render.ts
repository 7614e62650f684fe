/**
 * What the search-results view shows: a pure function of the view's state to a small tree of
 * elements and text, bundled as is into the view, which turns the tree into DOM with
 * createElement and text nodes (never innerHTML, so no value from a result can become markup).
 * `toHtml` writes the same tree as escaped HTML, for tests and anyone reading the output.
 *
 * States: waiting for the result, the ranked hits (with an explicit empty state naming the vault),
 * the tool's own failure message, a cancelled call, a result that carries no rows, and a view
 * that could not connect to its host.
 */
import {
  readSearchViewData,
  type SearchRow,
  type SearchViewData,
} from '../services/search-view-data.ts';

export interface ViewElement {
  tag: string;
  className: string;
  /** Links only: where the element points. */
  href?: string;
  children: ViewChild[];
}

/** An element, or text. */
export type ViewChild = ViewElement | string;

export type ViewState =
  | { kind: 'waiting' }
  | { kind: 'cancelled' }
  | { kind: 'disconnected' }
  | { kind: 'failed'; message: string }
  | { kind: 'no-data' }
  | { kind: 'results'; data: SearchViewData };

/** The parts of a CallToolResult the view reads. */
export interface ToolResultLike {
  isError?: boolean;
  structuredContent?: unknown;
  _meta?: unknown;
}

export function stateFromToolResult(result: ToolResultLike): ViewState {
  if (result.isError === true) return { kind: 'failed', message: failureMessage(result) };
  const data = readSearchViewData(result._meta);
  return data === null ? { kind: 'no-data' } : { kind: 'results', data };
}

export function renderView(state: ViewState): ViewElement[] {
  switch (state.kind) {
    case 'waiting':
      return [notice('waiting', 'Searching the vault…')];
    case 'cancelled':
      return [notice('cancelled', 'The search was cancelled.')];
    case 'disconnected':
      return [notice('disconnected', 'The view could not connect to its host.')];
    case 'failed':
      return [notice('failed', 'The search failed: ', state.message)];
    case 'no-data':
      return [notice('no-data', 'This result carries no rows to show.')];
    case 'results':
      return renderResults(state.data);
  }
}

function renderResults(data: SearchViewData): ViewElement[] {
  const vault = element('span', 'vault', data.vault);
  const query = element('q', 'query', data.query);
  if (data.rows.length === 0) {
    return [notice('empty', 'No notes in the vault ', vault, ' match ', query, '.')];
  }
  const count = data.rows.length === 1 ? '1 result' : `${data.rows.length} results`;
  const summary = element('header', 'summary', `${count} for `, query, ' in ', vault);
  const rows = data.rows.map((row, index) => renderRow(row, index + 1, data.vault));
  const list = element('ol', 'hits', ...rows);
  if (data.total <= data.rows.length) return [summary, list];
  const more = `Showing the first ${data.rows.length} of ${data.total} matches.`;
  return [summary, element('p', 'more', more), list];
}

function renderRow(row: SearchRow, rank: number, vault: string): ViewElement {
  const link = { ...element('a', 'path', row.path), href: obsidianUrl(vault, row.path) };
  const title = element('div', 'title', element('span', 'rank', String(rank)), link);
  if (row.score !== undefined) title.children.push(element('span', 'score', row.score.toFixed(3)));
  const place = rowPlace(row);
  const excerpt = element('p', 'excerpt', row.excerpt);
  return element('li', 'hit', title, ...(place === null ? [] : [place]), excerpt);
}

/** The heading of a semantic hit, or the editor's 1-based line of a text hit. */
function rowPlace(row: SearchRow): ViewElement | null {
  if (typeof row.heading === 'string') return element('div', 'heading', row.heading);
  if (row.line !== undefined) return element('div', 'line', `line ${row.line + 1}`);
  return null;
}

/** Opens the note in Obsidian (through the host's ui/open-link). */
export function obsidianUrl(vault: string, path: string): string {
  return `obsidian://open?vault=${encodeURIComponent(vault)}&file=${encodeURIComponent(path)}`;
}

function element(tag: string, className: string, ...children: ViewChild[]): ViewElement {
  return { tag, className, children };
}

function notice(kind: string, ...children: ViewChild[]): ViewElement {
  return element('p', `notice ${kind}`, ...children);
}

function failureMessage(result: ToolResultLike): string {
  const content = result.structuredContent;
  if (typeof content === 'object' && content !== null) {
    const message = (content as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return 'no message';
}

/** The tree as HTML, every text and attribute escaped. */
export function toHtml(children: readonly ViewChild[]): string {
  return children.map(childHtml).join('');
}

function childHtml(child: ViewChild): string {
  if (typeof child === 'string') return escapeHtml(child);
  const href = child.href === undefined ? '' : ` href="${escapeHtml(child.href)}"`;
  const open = `<${child.tag} class="${escapeHtml(child.className)}"${href}>`;
  return `${open}${toHtml(child.children)}</${child.tag}>`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
