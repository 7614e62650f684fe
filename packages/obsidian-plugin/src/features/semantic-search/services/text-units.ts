/**
 * Approximate token counting and the smallest pieces a chunk is packed from. Tokens are counted
 * as words plus punctuation marks, close to what a WordPiece tokenizer produces for English
 * prose and cheap enough to run on every edit. A unit is a code fence (never split) or a piece
 * of other text no longer than the chunk overlap, so that windows can overlap by whole units.
 */

const TOKEN = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

export function countTokens(text: string): number {
  let count = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.exec(text) !== null) count++;
  return count;
}

export interface TextUnit {
  start: number;
  end: number;
  tokens: number;
}

/** Splits `content[start, end)` into lines, and lines longer than `maxTokens` into word runs. */
export function lineUnits(
  content: string,
  start: number,
  end: number,
  maxTokens: number,
): TextUnit[] {
  const units: TextUnit[] = [];
  let lineStart = start;
  while (lineStart < end) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline >= end ? end : newline + 1;
    units.push(...wordRuns(content, lineStart, lineEnd, maxTokens));
    lineStart = lineEnd;
  }
  return units.filter((unit) => unit.tokens > 0);
}

function wordRuns(content: string, start: number, end: number, maxTokens: number): TextUnit[] {
  const tokens = countTokens(content.slice(start, end));
  if (tokens <= maxTokens) return [{ start, end, tokens }];
  const runs: TextUnit[] = [];
  let runStart = start;
  let runTokens = 0;
  for (const match of content.slice(start, end).matchAll(TOKEN)) {
    if (runTokens === maxTokens) {
      runs.push({ start: runStart, end: start + match.index, tokens: runTokens });
      runStart = start + match.index;
      runTokens = 0;
    }
    runTokens++;
  }
  runs.push({ start: runStart, end, tokens: runTokens });
  return runs;
}
