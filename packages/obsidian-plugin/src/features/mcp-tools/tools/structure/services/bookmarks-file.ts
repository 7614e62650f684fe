/**
 * The core Bookmarks plugin's `bookmarks.json` (in the config folder), validated with ArkType
 * item by item and flattened depth-first: each bookmark carries the titles of the groups it sits
 * in. Obsidian stores heading and block bookmarks as `file` items with a `#heading` or `#^block`
 * subpath; they are reported as `heading` and `block`. A bookmark that fails validation, has a
 * type this reader does not know, or points at a file or folder that is not visible in the
 * vault (deleted, hidden, or outside it) is skipped and counted, never reported: a hidden folder
 * must look exactly like a missing one. A missing or unreadable file is no bookmarks and a note.
 */
import { onFirstUse } from '@mcp-connector/shared';
import { ArkErrors, type } from 'arktype';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../../host/vault-path.ts';

export const BOOKMARK_TYPES = [
  'file',
  'folder',
  'search',
  'heading',
  'block',
  'url',
  'graph',
  'group',
] as const;
export type BookmarkType = (typeof BOOKMARK_TYPES)[number];

export interface Bookmark {
  type: BookmarkType;
  title?: string;
  path?: string;
  subpath?: string;
  query?: string;
  url?: string;
  /** Titles of the enclosing groups, outermost first (absent at the top level). */
  groups?: string[];
}

export interface BookmarksRead {
  bookmarks: Bookmark[];
  skipped: number;
  note?: string;
}

/** Deeper groups than this are skipped: no real bookmarks file nests so far. */
const MAX_GROUP_DEPTH = 32;

const bookmarksFile = onFirstUse(() => type({ items: 'unknown[]' }));
const titled = { 'title?': 'string' } as const;
const bookmarkItem = onFirstUse(() =>
  type({
    type: "'file' | 'heading' | 'block'",
    path: 'string',
    'subpath?': 'string',
    ...titled,
  })
    .or({ type: "'folder'", path: 'string', ...titled })
    .or({ type: "'search'", query: 'string', ...titled })
    .or({ type: "'url'", url: 'string', ...titled })
    .or({ type: "'graph'", ...titled })
    .or({ type: "'group'", items: 'unknown[]', ...titled }),
);
type BookmarkItem = ReturnType<typeof bookmarkItem>['infer'];

export async function readBookmarks(host: VaultHost): Promise<BookmarksRead> {
  const text = await host.readConfigFile('bookmarks.json');
  if (text === null) {
    return {
      bookmarks: [],
      skipped: 0,
      note: `No ${host.configDir}/bookmarks.json: nothing is bookmarked.`,
    };
  }
  const json = parseJson(text);
  const parsed = json === undefined ? null : bookmarksFile()(json);
  if (parsed === null || parsed instanceof ArkErrors) {
    const problem = parsed === null ? 'not valid JSON' : parsed.summary;
    return {
      bookmarks: [],
      skipped: 0,
      note: `${host.configDir}/bookmarks.json is not a bookmarks file (${problem}); showing none.`,
    };
  }
  const read: BookmarksRead = { bookmarks: [], skipped: 0 };
  flatten(host, parsed.items, [], read);
  return read;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function flatten(host: VaultHost, items: unknown[], groups: string[], into: BookmarksRead): void {
  if (groups.length >= MAX_GROUP_DEPTH) {
    into.skipped += items.length;
    return;
  }
  for (const raw of items) {
    const item = bookmarkItem()(raw);
    const bookmark = item instanceof ArkErrors ? null : describe(host, item, groups);
    if (item instanceof ArkErrors || bookmark === null) {
      into.skipped++;
      continue;
    }
    into.bookmarks.push(bookmark);
    if (item.type === 'group') flatten(host, item.items, [...groups, item.title ?? ''], into);
  }
}

/** The bookmark as reported, or null when it points at nothing visible in the vault. */
function describe(host: VaultHost, item: BookmarkItem, groups: string[]): Bookmark | null {
  const bookmark: Bookmark = { type: typeOf(item) };
  if (item.title !== undefined) bookmark.title = item.title;
  if ('path' in item) {
    const path = visiblePath(host, item.path, item.type === 'folder');
    if (path === null) return null;
    bookmark.path = path;
  }
  if ('subpath' in item && item.subpath !== undefined) bookmark.subpath = item.subpath;
  if ('query' in item) bookmark.query = item.query;
  if ('url' in item) bookmark.url = item.url;
  if (groups.length > 0) bookmark.groups = groups;
  return bookmark;
}

function visiblePath(host: VaultHost, raw: string, isFolder: boolean): string | null {
  try {
    const path = normalizeVaultPath(raw, host.configDir);
    const found = isFolder ? host.getFolder(path) : host.getFile(path);
    return found === null ? null : found.path;
  } catch {
    return null; // outside the vault or in the config folder: not a vault bookmark
  }
}

function typeOf(item: BookmarkItem): BookmarkType {
  if (item.type !== 'file' || !('subpath' in item) || item.subpath === undefined) return item.type;
  if (item.subpath.startsWith('#^')) return 'block';
  return item.subpath.startsWith('#') ? 'heading' : 'file';
}
