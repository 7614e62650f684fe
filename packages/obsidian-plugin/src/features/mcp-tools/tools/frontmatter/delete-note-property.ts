/**
 * delete_note_property: removes one frontmatter key through host.processFrontMatter. Idempotent:
 * a missing key is success with `deleted: false` and nothing written. Removing the last key
 * removes the whole frontmatter block (the host does that); the body is never touched.
 */
import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireFile } from '../../services/note-access.ts';
import { requireNote } from './services/note-properties.ts';
import { editProperties } from './services/property-edit.ts';
import { requirePropertyKey } from './services/property-key.ts';

export const deleteNoteProperty = defineTool({
  name: 'delete_note_property',
  title: 'Delete property',
  description:
    "Remove a note's frontmatter property (a missing key: deleted false); returns the new revision.",
  input: () =>
    type({ path: 'string', key: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: OVERWRITE,
  handler: async ({ path, key, expectedRevision }, ctx) => {
    requirePropertyKey(key);
    const file = requireNote(requireFile(ctx.host, path));
    let deleted = false;
    const { revision } = await editProperties(
      ctx.host,
      file,
      (properties) => {
        deleted = Object.hasOwn(properties, key);
        return deleted && delete properties[key];
      },
      expectedRevision,
    );
    return { path: file.path, key, deleted, revision };
  },
});
