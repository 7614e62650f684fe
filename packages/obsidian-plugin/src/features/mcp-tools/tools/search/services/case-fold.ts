/**
 * Case folding for plain-text search. `foldCase` lower-cases text while keeping every character
 * at the same index (folded.length === text.length), so a match found in the folded text is at
 * the same offsets in the original: excerpts and line numbers need no mapping.
 *
 * Lower-casing keeps the length of every code point except U+0130 (İ, which becomes "i" plus a
 * combining dot); it is folded to a plain "i". Final sigma (ς) is folded to σ, so a word's case
 * never depends on where it ends. Case-insensitive means lower-case equal: ß does not match "ss".
 */
const DOTTED_CAPITAL_I = '\u0130';
const FINAL_SIGMA = '\u03C2';
const SIGMA = '\u03C3';

export function foldCase(text: string): string {
  const dotless = text.includes(DOTTED_CAPITAL_I) ? text.replaceAll(DOTTED_CAPITAL_I, 'i') : text;
  const lower = dotless.toLowerCase();
  return lower.includes(FINAL_SIGMA) ? lower.replaceAll(FINAL_SIGMA, SIGMA) : lower;
}
