/**
 * Tags as tools report them: without the leading '#', de-duplicated case-insensitively in
 * first-seen order, the way Obsidian's tag pane counts them; and a tag a caller names, matched
 * the way Obsidian matches tags: any case, and `a` also matching the nested `a/b`; a tag an edit
 * names, checked by Obsidian's rules, and a rename that carries nested tags along.
 */
import { isValidTagBody } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';

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

/** A tag an edit names, without '#'; `invalid_arguments` unless Obsidian would read it as one. */
export function requireTagName(argument: string, raw: string): string {
  const name = raw.trim().replace(/^#/, '');
  if (isValidTagBody(name)) return name;
  throw new ToolError(
    'invalid_arguments',
    `${argument} "${raw}" is not a tag: use letters, digits, -, _ and / (nested), with one character that is not a digit, and no spaces.`,
    { [argument]: raw },
  );
}

/** Renames `from` (any case) and every tag nested under it to `to`, keeping the nested part. */
export function renamingTag(from: string, to: string): (tag: string) => string | undefined {
  const key = from.toLowerCase();
  return (tag) => {
    const lower = tag.toLowerCase();
    if (lower === key) return to;
    return lower.startsWith(`${key}/`) ? `${to}${tag.slice(key.length)}` : undefined;
  };
}
