/**
 * Edits to a text by offsets into the original: a rename's link rewrites, a heading rename's
 * segment rewrites. Each edit replaces `start`..`end` of the original text; edits never overlap.
 */

export interface TextEdit {
  start: number;
  end: number;
  replacement: string;
}

/** Applies non-overlapping edits in any order; later ones first, so earlier offsets stay valid. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  }
  return result;
}
