import { describe, expect, test } from 'bun:test';
import { seededRandom } from '@mcp-connector/shared/test-support';
import { codeSpans, type Range } from './protected-ranges.ts';

/**
 * The rule read character by character, as CommonMark states it: a backslash takes the next
 * character with it; a run of n backticks opens a span closed by the next run of exactly n.
 */
function spansCharByChar(text: string, within: Range): Range[] {
  const spans: Range[] = [];
  const runAt = (from: number) => {
    let end = from;
    while (end < within.end && text[end] === '`') end++;
    return end - from;
  };
  let i = within.start;
  while (i < within.end) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '`') {
      const length = runAt(i);
      let close = -1;
      for (let j = i + length; j < within.end;) {
        const run = runAt(j);
        if (run === length) {
          close = j;
          break;
        }
        j += Math.max(run, 1);
      }
      if (close !== -1) spans.push({ start: i, end: close + length });
      i = close === -1 ? i + length : close + length;
    } else i++;
  }
  return spans;
}

describe('codeSpans', () => {
  test('spans, escapes and unmatched runs', () => {
    const text = 'a `b` \\`c` ``d ` e`` \\\\`f` ```g';
    const spans = codeSpans(text, { start: 0, end: text.length });
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual([
      '`b`',
      '` ``d `', // the double run inside does not close a single one
      '`f`', // after an escaped backslash, the backtick opens
    ]);
    expect(codeSpans('no code here', { start: 0, end: 12 })).toEqual([]);
    expect(codeSpans('x `a` y', { start: 3, end: 7 })).toEqual([]); // the opener is outside
  });

  test('the same spans as reading character by character, over random texts', () => {
    const next = seededRandom(17);
    const alphabet = ['`', '`', '\\', 'a', ' ', '\n'];
    for (let round = 0; round < 5000; round++) {
      let text = '';
      const length = Math.floor(next() * 24);
      for (let k = 0; k < length; k++) text += alphabet[Math.floor(next() * alphabet.length)];
      const start = Math.floor(next() * (text.length + 1));
      const end = start + Math.floor(next() * (text.length - start + 1));
      const within = { start, end };
      expect({ text, within, spans: codeSpans(text, within) }).toEqual({
        text,
        within,
        spans: spansCharByChar(text, within),
      });
    }
  });
});
