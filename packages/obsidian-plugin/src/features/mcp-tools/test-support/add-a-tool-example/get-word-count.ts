/**
 * get_word_count: words and characters of a note, with the revision they were counted on.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { readText, requireFile } from '../../services/note-access.ts';
import { isNote } from '../../services/note-files.ts';

export const getWordCount = defineTool({
  name: 'get_word_count',
  title: 'Word count',
  description: 'Words and characters of a note; with revision.', // short: clients pay for it
  // ArkType, made on first use (ADR-0022); undeclared keys are rejected automatically
  input: () => type({ path: 'string' }),
  annotations: READ_ONLY, // or ADDITIVE, IDEMPOTENT_WRITE, OVERWRITE, DESTRUCTIVE (define-tool.ts)
  handler: async ({ path }, ctx) => {
    const file = requireFile(ctx.host, path); // normalises the path; not_found names the next call
    if (!isNote(file)) {
      throw new ToolError(
        'unsupported',
        `${file.path} is not a Markdown note; read it with get_vault_file.`,
        { path: file.path },
      );
    }
    const { content, revision } = await readText(ctx.host, file); // every read returns the revision
    const words = content.split(/\s+/).filter((word) => word !== '').length;
    return { path: file.path, revision, words, characters: content.length }; // a plain JSON object
  },
});
