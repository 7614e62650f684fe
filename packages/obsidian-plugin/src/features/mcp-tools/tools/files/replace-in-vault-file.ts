/**
 * replace_in_vault_file: an exact-text edit, as coding agents edit files. `oldText` must occur
 * exactly once (or every occurrence is replaced with `replaceAll`); otherwise nothing is written
 * and the failure gives the count and the 0-indexed lines where it occurs. The match runs on the
 * text current under the write lock (`editText`), so it is never made on a stale read. In a note
 * whose line breaks are all CRLF, line breaks match as `\n` and are written back as CRLF.
 */
import { usesCrlf } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { editText, requireFile } from '../../services/note-access.ts';
import { requireTextFile } from '../../services/whole-file-edits.ts';

/** How many occurrence lines a failure names; the count is always the real one. */
const LINES_SHOWN = 20;

export const replaceInVaultFile = defineTool({
  name: 'replace_in_vault_file',
  title: 'Replace text',
  description:
    'Replace exact text; oldText must occur once (or replaceAll), else it fails with count and lines.',
  input: () =>
    type({
      path: 'string',
      oldText: 'string',
      newText: 'string',
      'replaceAll?': 'boolean',
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: DESTRUCTIVE,
  handler: async ({ path, oldText, newText, replaceAll = false, expectedRevision }, ctx) => {
    const file = requireTextFile(requireFile(ctx.host, path));
    if (oldText === '') {
      throw new ToolError('invalid_arguments', 'oldText is empty; give the exact text to replace.');
    }
    let replacements = 0;
    const { revision } = await editText(
      ctx.host,
      file,
      (current) => {
        const replaced = replaceExactly(file.path, current, oldText, newText, replaceAll);
        replacements = replaced.count;
        return replaced.text;
      },
      expectedRevision,
    );
    return { path: file.path, replacements, revision };
  },
});

function replaceExactly(
  path: string,
  current: string,
  oldText: string,
  newText: string,
  replaceAll: boolean,
): { text: string; count: number } {
  // A CRLF note is matched as LF text; editText writes its line breaks back as CRLF.
  const lf = (text: string) => (usesCrlf(current) ? text.replaceAll('\r\n', '\n') : text);
  const [text, needle, replacement] = [lf(current), lf(oldText), lf(newText)];
  const offsets = occurrences(text, needle);
  if (offsets.length === 0) {
    throw new ToolError(
      'text_not_found',
      `oldText does not occur in ${path}; read it with get_vault_file and copy the text exactly (spaces and line breaks count).`,
      { path },
    );
  }
  if (offsets.length > 1 && !replaceAll) {
    const lines = linesOf(text, offsets);
    const shown = lines.slice(0, LINES_SHOWN).join(', ');
    throw new ToolError(
      'ambiguous_text',
      `oldText occurs ${offsets.length} times in ${path} (0-indexed lines ${shown}${lines.length > LINES_SHOWN ? ', ...' : ''}); include more of the surrounding text so it occurs once, or pass replaceAll.`,
      { path, count: offsets.length, lines: lines.slice(0, LINES_SHOWN) },
    );
  }
  return { text: text.split(needle).join(replacement), count: offsets.length };
}

/** Where `needle` occurs, without overlaps, left to right (as replacing them all counts them). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

/** The 0-indexed lines the offsets (ascending) lie on, each line once. */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 0;
  let scanned = 0;
  for (const offset of offsets) {
    for (
      let at = text.indexOf('\n', scanned);
      at !== -1 && at < offset;
      at = text.indexOf('\n', at + 1)
    ) {
      line++;
      scanned = at + 1;
    }
    if (lines.at(-1) !== line) lines.push(line);
  }
  return lines;
}
