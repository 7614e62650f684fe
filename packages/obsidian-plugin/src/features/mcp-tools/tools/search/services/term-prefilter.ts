/**
 * Which notes can hold one of a query's terms, found without tokenizing them: one regular
 * expression over each note's text and file name. A term (semantic-search's `termsOf`: lower
 * case, accents stripped, a light stemmer) comes from a word that starts with the term, except
 * "-ies" made "-y", so the term without a final "y" is looked for; each letter also matches its
 * upper case and its accented forms. A note the expression misses holds none of the terms; a note
 * it finds may still hold none (the ranking then gives it no score).
 */
import type { NoteText } from '../../../../../host/vault-host.ts';

/** Every character whose decomposition starts with an ASCII letter, by that letter. */
let accented: Map<string, string> | null = null;

function accentedForms(): Map<string, string> {
  if (accented !== null) return accented;
  const forms = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const char = String.fromCharCode(code);
    const base = char.normalize('NFD')[0]?.toLowerCase() ?? '';
    if (base < 'a' || base > 'z' || base === char) continue;
    forms.set(base, (forms.get(base) ?? '') + char);
  }
  accented = forms;
  return forms;
}

function patternOf(term: string): string {
  const prefix = term.length > 3 && term.endsWith('y') ? term.slice(0, -1) : term;
  let source = '';
  for (const char of prefix) {
    const forms = accentedForms().get(char);
    const escaped = char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    source += forms === undefined ? escaped : `[${escaped}${forms}]`;
  }
  return source;
}

/** A test of whether a note may hold any of `terms`. */
export function mayHoldAnyOf(terms: readonly string[]): (note: NoteText) => boolean {
  const pattern = new RegExp(terms.map(patternOf).join('|'), 'iu');
  return (note) => pattern.test(note.text) || pattern.test(note.path);
}
