/**
 * set_note_property: writes one frontmatter property through host.processFrontMatter. The value
 * is a string, number, boolean, a list of one of those types, or null (the key stays, empty);
 * the schema refuses objects and mixed lists. Setting the value a key already has writes nothing.
 * The note's body is never touched.
 */
import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireFile } from '../../services/note-access.ts';
import { requireNote } from './services/note-properties.ts';
import { editProperties } from './services/property-edit.ts';
import { requirePropertyKey } from './services/property-key.ts';

const propertyValue = 'string | number | boolean | null | string[] | number[] | boolean[]' as const;

export const setNoteProperty = defineTool({
  name: 'set_note_property',
  title: 'Set property',
  description:
    "Set a note's frontmatter property (null empties it, keeping the key); returns the new revision.",
  input: () =>
    type({
      path: 'string',
      key: 'string',
      value: propertyValue,
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: OVERWRITE,
  handler: async ({ path, key, value, expectedRevision }, ctx) => {
    requirePropertyKey(key);
    const file = requireNote(requireFile(ctx.host, path));
    const outcome = await editProperties(
      ctx.host,
      file,
      (properties) => {
        if (Object.hasOwn(properties, key) && sameValue(properties[key], value)) return false;
        properties[key] = value;
        return true;
      },
      expectedRevision,
    );
    return { path: file.path, key, ...outcome };
  },
});

/** Values here are plain JSON (YAML core schema), so their JSON text tells them apart. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
