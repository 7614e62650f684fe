/**
 * Tags as tools report them: without the leading '#', de-duplicated case-insensitively in
 * first-seen order, the way Obsidian's tag pane counts them; and a tag a caller names, matched
 * the way Obsidian matches tags: any case, and `a` also matching the nested `a/b`.
 */
export { bareTags } from '@mcp-connector/markdown/vault';

/** The tag a caller asked for, ready to compare: no '#', no trailing '/', lower-cased. */
export function tagQueryKey(raw: string): string {
  return raw.trim().replace(/^#/, '').replace(/\/+$/, '').toLowerCase();
}

/** Whether `tag` is the queried tag, or (with includeNested) nested under it. */
export function tagMatches(tag: string, queryKey: string, includeNested: boolean): boolean {
  const key = tag.toLowerCase();
  return key === queryKey || (includeNested && key.startsWith(`${queryKey}/`));
}
