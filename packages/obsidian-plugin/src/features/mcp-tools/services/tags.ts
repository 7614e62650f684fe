/**
 * Tags as tools report them: without the leading '#', de-duplicated case-insensitively in
 * first-seen order, the way Obsidian's tag pane counts them.
 */
export function bareTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags) {
    const bare = tag.replace(/^#/, '');
    if (bare !== '' && !seen.has(bare.toLowerCase())) seen.set(bare.toLowerCase(), bare);
  }
  return [...seen.values()];
}
