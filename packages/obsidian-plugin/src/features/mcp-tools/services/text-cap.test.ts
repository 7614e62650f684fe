import { describe, expect, test } from 'bun:test';
import { capText } from './text-cap.ts';

describe('capText', () => {
  test('leaves text within the cap alone', () => {
    expect(capText('short', 10)).toEqual({ text: 'short', truncated: false, totalBytes: 5 });
  });

  test('cuts at the last line boundary within the cap and says where to continue', () => {
    const capped = capText('line0\nline1\nline2\n', 14);
    expect(capped).toEqual({
      text: 'line0\nline1\n',
      truncated: true,
      nextLine: 2,
      totalBytes: 18,
    });
  });

  test('counts UTF-8 bytes, never splitting a character', () => {
    const capped = capText('ééééé', 5);
    expect(capped.text).toBe('éé');
    expect(capped.truncated).toBe(true);
    expect(capped.totalBytes).toBe(10);
  });
});
