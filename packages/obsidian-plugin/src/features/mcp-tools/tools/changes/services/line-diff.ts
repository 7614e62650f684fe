/**
 * A line diff of two texts as unified hunks (`@@ -a,b +c,d @@`, then ` `, `-` and `+` lines; line
 * numbers 1-based, as unified diffs number them), with 3 lines of context. The diff is jsdiff's
 * (the `diff` package, Myers' algorithm). Two texts that share almost nothing make Myers slow, so
 * it is given up past MAX_EDIT_LINES changed lines or DIFF_TIME_MS (the most it holds the request
 * thread; jsdiff's asynchronous mode yields after every step and takes seconds on a long note):
 * the answer is then one hunk that replaces every line, marked `minimal: false`. The hunks
 * returned are capped at TEXT_CAP_BYTES; `total` counts them all. Why jsdiff, and bounded:
 * ADR-0034.
 */
import { structuredPatch, type StructuredPatchHunk } from 'diff';
import { TEXT_CAP_BYTES, capText } from '../../../services/text-cap.ts';

const CONTEXT_LINES = 3;
const MAX_EDIT_LINES = 2_000;
const DIFF_TIME_MS = 500;

export interface LineDiff {
  /** Lines only in the newer text, and only in the older one. */
  added: number;
  removed: number;
  hunks: string[];
  total: number;
  truncated: boolean;
  /** Present (false) when the diff was given up and every line is shown as replaced. */
  minimal?: false;
}

export function lineDiff(older: string, newer: string): LineDiff {
  const patch = structuredPatch('', '', older, newer, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LINES,
    timeout: DIFF_TIME_MS,
  });
  const hunks = patch?.hunks ?? [wholeReplacement(older, newer)];
  const count = (sign: string) =>
    hunks.reduce((sum, hunk) => sum + hunk.lines.filter((line) => line[0] === sign).length, 0);
  const { kept, truncated } = capHunks(hunks.map(formatHunk));
  return {
    added: count('+'),
    removed: count('-'),
    hunks: kept,
    total: hunks.length,
    truncated,
    ...(patch === undefined && { minimal: false as const }),
  };
}

function wholeReplacement(older: string, newer: string): StructuredPatchHunk {
  const oldLines = linesOf(older);
  const newLines = linesOf(newer);
  return {
    oldStart: 1,
    oldLines: oldLines.length,
    newStart: 1,
    newLines: newLines.length,
    lines: [...oldLines.map((line) => `-${line}`), ...newLines.map((line) => `+${line}`)],
  };
}

function linesOf(text: string): string[] {
  if (text === '') return [];
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

/** As unified diffs write it: a side with no lines names the line before (jsdiff's formatPatch). */
function formatHunk(hunk: StructuredPatchHunk): string {
  const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
  const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
  const header = `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`;
  return [header, ...hunk.lines].join('\n');
}

/** Whole hunks while they fit; a first hunk over the cap is cut at a line. */
function capHunks(hunks: readonly string[]): { kept: string[]; truncated: boolean } {
  const kept: string[] = [];
  let bytes = 0;
  for (const hunk of hunks) {
    const size = Buffer.byteLength(hunk);
    if (bytes + size > TEXT_CAP_BYTES) {
      if (kept.length === 0) kept.push(capText(hunk).text);
      return { kept, truncated: true };
    }
    kept.push(hunk);
    bytes += size;
  }
  return { kept, truncated: false };
}
