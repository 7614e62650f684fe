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

/** folded character -> every other code point that folds to it (built once, on first need). */
let unfoldings: Map<string, string[]> | null = null;
/** Unicode has no cased character beyond the first two planes (the last, Adlam, ends at U+1E95F). */
const LAST_CASED = 0x1ffff;

/** Builds the table of characters that fold to another (a few ms); search calls it on first use. */
export function prepareFolding(): void {
  if (unfoldings === null) {
    unfoldings = new Map();
    for (let code = 0; code <= LAST_CASED; code++) {
      if (code === 0xd800) code = 0xe000; // lone surrogates are not characters
      const char = String.fromCodePoint(code);
      const fold = foldCase(char);
      if (fold === char) continue;
      const others = unfoldings.get(fold);
      if (others === undefined) unfoldings.set(fold, [char]);
      else others.push(char);
    }
  }
}

function unfoldingsOf(folded: string): readonly string[] {
  prepareFolding();
  return unfoldings?.get(folded) ?? [];
}

function codeUnits(text: string): string {
  let escaped = '';
  for (let i = 0; i < text.length; i++)
    escaped += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}

/**
 * A global RegExp over the original text that matches exactly where the folded text holds the
 * folded query: each character of the query stands for itself and every character that folds to
 * it (for "k": k, K and the Kelvin sign). Because folding keeps every character at its index, a
 * match's index and length are those `foldCase(text).indexOf(foldedQuery)` would give, so search
 * needs no folded copy of the vault.
 */
export function foldedQueryPattern(foldedQuery: string): RegExp {
  let source = '';
  for (const char of foldedQuery) {
    const others = unfoldingsOf(char);
    if (others.length === 0) source += codeUnits(char);
    else source += `(?:${[char, ...others].map(codeUnits).join('|')})`;
  }
  return new RegExp(source, 'g');
}
