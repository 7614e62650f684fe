/**
 * A note's tags renamed, removed or added in one pass over its text: inline `#tags` where the
 * metadata parser finds them (so never in code, a comment, a link or a URL), and the
 * frontmatter's `tags` (frontmatter-tags.ts). Added tags go to the frontmatter.
 * A removed inline tag takes one space beside it with it (`a #x b` becomes `a b`), and a line
 * left blank by removals goes altogether. A renamed inline tag keeps whatever follows it.
 */
import { parseMetadata } from '../parse-metadata.ts';
import { LineTable } from '../positions.ts';
import { applyEdits, type TextEdit } from '../text-edits.ts';
import { editFrontmatterTags, type TagChange, type TagRewrite } from './frontmatter-tags.ts';

export type { TagChange, TagRewrite };

export interface NoteTagsOutcome {
  text: string;
  frontmatter: TagChange[];
  body: TagChange[];
  added: string[];
  /** The frontmatter is not a YAML mapping: its tags were neither read nor changed. */
  invalidFrontmatter: boolean;
}

export function editNoteTags(
  text: string,
  rewrite: TagRewrite,
  add: readonly string[] = [],
): NoteTagsOutcome {
  const inBody = editBodyTags(text, rewrite);
  const inFrontmatter = editFrontmatterTags(inBody.text, rewrite, add);
  return {
    text: inFrontmatter.text,
    frontmatter: inFrontmatter.changes,
    body: inBody.changes,
    added: inFrontmatter.added,
    invalidFrontmatter: inFrontmatter.invalid,
  };
}

/** Inline tags renamed or removed; frontmatter edits never move a body offset the other way. */
export function editBodyTags(
  text: string,
  rewrite: TagRewrite,
): { text: string; changes: TagChange[] } {
  const tags = parseMetadata(text).tags ?? [];
  const changes: TagChange[] = [];
  const edits: TextEdit[] = [];
  const removedOn = new Set<number>();
  for (const tag of tags) {
    const body = tag.tag.slice(1);
    const next = rewrite(body);
    if (next === undefined || next === body) continue;
    changes.push({ from: body, to: next });
    const { start, end } = { start: tag.position.start.offset, end: tag.position.end.offset };
    if (next !== null) {
      edits.push({ start: start + 1, end, replacement: next });
      continue;
    }
    edits.push(removal(text, start, end));
    removedOn.add(tag.position.start.line);
  }
  if (edits.length === 0) return { text, changes };
  return { text: dropBlankedLines(text, applyEdits(text, edits), removedOn), changes };
}

/** The tag and one space beside it: the one before it, else the one after it. */
function removal(text: string, start: number, end: number): TextEdit {
  const before = text.charCodeAt(start - 1);
  if (before === 32 || before === 9) return { start: start - 1, end, replacement: '' };
  const after = text.charCodeAt(end);
  if (after === 32 || after === 9) return { start, end: end + 1, replacement: '' };
  return { start, end, replacement: '' };
}

/** Removes the lines that removals left blank (a line of tags only); others stay as edited. */
function dropBlankedLines(before: string, after: string, lines: ReadonlySet<number>): string {
  const old = new LineTable(before);
  const edited = new LineTable(after);
  // Removals never add or remove a line break, so line numbers match across the edit.
  const blanked = [...lines].filter(
    (line) =>
      before.slice(old.starts[line], old.ends[line]).trim() !== '' &&
      after.slice(edited.starts[line], edited.ends[line]).trim() === '',
  );
  if (blanked.length === 0) return after;
  return applyEdits(
    after,
    blanked.map((line) => ({
      start: edited.starts[line] as number,
      end: edited.starts[line + 1] ?? after.length,
      replacement: '',
    })),
  );
}
