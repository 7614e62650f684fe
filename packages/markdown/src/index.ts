/**
 * Obsidian-faithful note metadata, computed from a note's text: `parseMetadata` returns the
 * `CachedMetadata` Obsidian's metadata cache would hold, and the tag helpers mirror Obsidian's.
 */
export { parseMetadata, parseSections } from './parse-metadata.ts';
export {
  getAllTags,
  isValidTagBody,
  parseFrontMatterAliases,
  parseFrontMatterTags,
} from './tags.ts';
export {
  editNoteTags,
  type NoteTagsOutcome,
  type TagChange,
  type TagRewrite,
} from './tag-edits/note-tags.ts';
export { parseCanvasLinks } from './canvas.ts';
export * from './section-engine/index.ts';
export { keepLineEndings, usesCrlf } from './line-endings.ts';
export { firstAtOrAfter, offsetsOf } from './characters.ts';
