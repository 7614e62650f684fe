/**
 * The section engine: reading and patching one part of a note (a heading's section, a block, a
 * frontmatter key, a line range) without touching the rest. Tools use only what this exports.
 */
export { patchHeading } from './heading-patch.ts';
export { patchNote, type PatchResult } from './patch-note.ts';
export { patchFields, patchRequest, type PatchRequest } from './patch-request.ts';
export { readPartial, type PartialMode, type PartialRequest } from './partial-read.ts';
// The pieces an embed (`![[note#Heading]]`, `![[note#^id]]`) needs to cut a section (prompts).
export { findBlock } from './block-locate.ts';
export { headingChain } from './heading-names.ts';
export { headingEntries } from './heading-tree.ts';
export { sliceLines } from './line-ranges.ts';
export { noteText, visibleLineCount, type NoteText } from './note-lines.ts';
