/**
 * The section tools' engine: reading and patching one part of a note (a heading's section, a
 * block, a frontmatter key, a line range) without touching the rest. The text work (finding the
 * part, cutting it, editing it) is the markdown package's section engine; this folder adds the
 * host (one atomic read-modify-write), the arguments, the preconditions and the tool errors.
 * Tools use only what this exports.
 */
export { patchHeading } from './heading-patch.ts';
export { patchNote, type PatchResult } from './patch-note.ts';
export { patchFields, patchRequest, type PatchRequest } from './patch-request.ts';
export { readPartial, type PartialMode, type PartialRequest } from './partial-read.ts';
