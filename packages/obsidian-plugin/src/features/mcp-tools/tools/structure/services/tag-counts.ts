/**
 * Tag counting for list_tags, get_vault_overview and get_files_by_tag, the way Obsidian's tag
 * pane counts: tags without '#', grouped case-insensitively, a note counted once per tag however
 * often it carries it, and nested tags rolled up (a note tagged `a/b/c` also counts for `a/b`
 * and `a`). A group is shown in the spelling met first, walking notes in path order, so the
 * result never depends on the host's iteration order.
 * Cost: one pass over the notes; each note's tags are expanded into their ancestors.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { bareTags } from '../../../services/tags.ts';
import { byName, notesByPath } from '../../../services/note-files.ts';

export interface TagCount {
  tag: string;
  /** Notes carrying the tag or one nested under it. */
  count: number;
}

export type TagSort = 'name' | 'count';

/** The note's tags without '#', de-duplicated case-insensitively. */
export function noteTags(host: VaultHost, path: string): string[] {
  return bareTags(host.getAllTags(path));
}

/** `a/b/c` and its ancestors: `a`, `a/b`, `a/b/c` (empty segments never make an ancestor). */
export function withAncestors(tag: string): string[] {
  const tags: string[] = [];
  for (let slash = tag.indexOf('/'); slash !== -1; slash = tag.indexOf('/', slash + 1)) {
    if (slash > 0 && tag[slash - 1] !== '/') tags.push(tag.slice(0, slash));
  }
  tags.push(tag);
  return tags;
}

/** Every tag of the vault with its rolled-up note count, in no particular order. */
export function countTags(host: VaultHost): TagCount[] {
  const counts = new Map<string, TagCount>();
  for (const note of notesByPath(host)) {
    const seen = new Set<string>();
    for (const tag of noteTags(host, note.path).flatMap(withAncestors)) {
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry === undefined) counts.set(key, { tag, count: 1 });
      else entry.count++;
    }
  }
  return [...counts.values()];
}

/** By name (natural, case-insensitive), or by count (most first, ties by name). */
export function sortTags(tags: TagCount[], sort: TagSort): TagCount[] {
  const byTag = (a: TagCount, b: TagCount) => byName(a.tag, b.tag);
  return tags.sort(sort === 'name' ? byTag : (a, b) => b.count - a.count || byTag(a, b));
}

/** The tag a caller asked for, ready to compare: no '#', no trailing '/', lower-cased. */
export function tagQueryKey(raw: string): string {
  return raw.trim().replace(/^#/, '').replace(/\/+$/, '').toLowerCase();
}

/** Whether `tag` is the queried tag, or (with includeNested) nested under it. */
export function tagMatches(tag: string, queryKey: string, includeNested: boolean): boolean {
  const key = tag.toLowerCase();
  return key === queryKey || (includeNested && key.startsWith(`${queryKey}/`));
}
