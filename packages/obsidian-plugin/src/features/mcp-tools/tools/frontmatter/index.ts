/** The property (frontmatter) tools; listing one here registers it. */
import type { Tool } from '../../define-tool.ts';
import { deleteNoteProperty } from './delete-note-property.ts';
import { getNoteProperty } from './get-note-property.ts';
import { listPropertyValues } from './list-property-values.ts';
import { setNoteProperty } from './set-note-property.ts';
import { updateNoteTags } from './update-note-tags.ts';

export const frontmatterTools: Tool[] = [
  getNoteProperty,
  setNoteProperty,
  deleteNoteProperty,
  listPropertyValues,
  updateNoteTags,
];
