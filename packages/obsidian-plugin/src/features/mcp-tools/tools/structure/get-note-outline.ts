/**
 * get_note_outline: a note's headings in order, with level, text and 0-based line, and the
 * revision of the text they were read from. The headings are parsed from that same text (with
 * the Obsidian-faithful parser the metadata cache uses), not taken from the cache, so the lines
 * always match the revision even right after an edit, before Obsidian re-indexes the note.
 */
import { parseMetadata } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { MAX_LIST_LIMIT, takePage } from '../../services/list-limits.ts';
import { readText, requireFile } from '../../services/note-access.ts';
import { isNote } from '../../services/note-files.ts';

export const getNoteOutline = defineTool({
  name: 'get_note_outline',
  title: 'Note outline',
  description: 'Headings of a note in order: level, text, 0-based line; with revision.',
  input: () => type({ path: 'string' }),
  annotations: READ_ONLY,
  handler: async ({ path }, ctx) => {
    const file = requireFile(ctx.host, path);
    if (!isNote(file)) {
      throw new ToolError(
        'unsupported',
        `${file.path} is not a Markdown note; only notes have headings. Read it with get_vault_file.`,
        { path: file.path },
      );
    }
    const { content, revision } = await readText(ctx.host, file);
    const headings = (parseMetadata(content).headings ?? []).map((heading) => ({
      level: heading.level,
      text: heading.heading,
      line: heading.position.start.line,
    }));
    const page = takePage(headings, MAX_LIST_LIMIT);
    return {
      path: file.path,
      revision,
      headings: page.items,
      total: page.total,
      truncated: page.truncated,
    };
  },
});
