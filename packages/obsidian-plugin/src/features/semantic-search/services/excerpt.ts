/**
 * The excerpt shown for a hit: the chunk's text as it is in the note now (read at query time,
 * so the index stores offsets, not text), without its heading line, frontmatter fences and
 * comments (which Obsidian does not show), whitespace collapsed, cut at a word boundary.
 */
const MAX_EXCERPT = 280;

export function excerptOf(content: string, start: number, end: number): string {
  const text = content
    .slice(start, end)
    .replace(/^---\r?\n|\r?\n---\s*$/g, '')
    .replace(/^#{1,6}[ \t].*(?:\r?\n|$)/, '')
    .replace(/<!--[\s\S]*?-->|%%[\s\S]*?%%/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= MAX_EXCERPT) return text;
  const cut = text.lastIndexOf(' ', MAX_EXCERPT);
  return `${text.slice(0, cut > MAX_EXCERPT / 2 ? cut : MAX_EXCERPT)}…`;
}
