/**
 * get_note_property: one frontmatter property of a note, as parsed (dates stay strings), whether
 * the key exists (an empty `key:` exists with value null), and the revision of the text the value
 * was read from.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { requireFile } from '../../services/note-access.ts';
import { readProperties, requireNote } from './services/note-properties.ts';
import { requirePropertyKey } from './services/property-key.ts';

export const getNoteProperty = defineTool({
  name: 'get_note_property',
  title: 'Read property',
  description:
    "A note's frontmatter property: value, whether the key exists, and the note's revision.",
  input: () => type({ path: 'string', key: 'string' }),
  annotations: READ_ONLY,
  handler: async ({ path, key }, ctx) => {
    requirePropertyKey(key);
    const file = requireNote(requireFile(ctx.host, path));
    const { properties, revision } = await readProperties(ctx.host, file);
    const exists = Object.hasOwn(properties, key);
    return { path: file.path, key, exists, value: exists ? properties[key] : null, revision };
  },
});
