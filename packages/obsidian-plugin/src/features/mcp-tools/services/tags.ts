/**
 * Tags as tools report them: without the leading '#', de-duplicated case-insensitively in
 * first-seen order, the way Obsidian's tag pane counts them.
 */
export { bareTags } from '@mcp-connector/markdown/vault';
