/**
 * The section engine's text side: one note's text with its metadata and lines (`noteText`), the
 * parts an agent can target (headings as a tree and by path, blocks by `^id`, line ranges, the
 * document map) and the pure edits at them. No I/O and no tool errors: what a missing or
 * ambiguous target means is decided by the caller (the plugin's services/sections, and the
 * prompts' embeds, which cut sections the same way).
 */
export { addBlock, blockBody, editBlock } from './block-edit.ts';
export { findBlock, type BlockTarget } from './block-locate.ts';
export { documentMap, type DocumentMap } from './document-map.ts';
export {
  editSection,
  insertHeadings,
  newHeadingLevel,
  sectionBody,
  type EditOperation,
} from './heading-edit.ts';
export { matchHeadings, similarHeadings, type HeadingTarget } from './heading-match.ts';
export { headingChain, headingKey, headingLinkText } from './heading-names.ts';
export { collapseSpaces, headingEntries, joinPath, type HeadingEntry } from './heading-tree.ts';
export { sliceLines } from './line-ranges.ts';
export { LineTable, noteText, visibleLineCount, type NoteText } from './note-lines.ts';
