/**
 * The terms BM25 matches on: lowercase letter-and-digit runs, English stopwords dropped, and a
 * light suffix stemmer (plural s/es/ies, -ing, -ed, then a final e) so "filters" finds
 * "filter", "recurring" finds "recur" and "dated" finds "date". Queries and chunks go through
 * the same function. Accents are dropped (NFD, marks removed), so "creme" finds "crème".
 */
const WORD = /[\p{L}\p{N}]+/gu;

const STOPWORDS = new Set(
  `a about an and are as at be but by can do does for from had has have how i if in into is it
its me my no not of on or our so than that the their them then there these they this to was
we what when where which who why will with you your`.split(/\s+/),
);

/** Stems of words seen recently: vocabularies are small next to the number of words. */
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 100_000;

export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of withoutAccents(text.toLowerCase()).matchAll(WORD)) {
    if (STOPWORDS.has(word)) continue;
    let stemmed = stems.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
      stems.set(word, stemmed);
    }
    terms.push(stemmed);
  }
  return terms;
}

const MARKS = /\p{M}+/gu;

/** "crème brûlée" is found as "creme brulee", as a person types it without the accents. */
function withoutAccents(text: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII text has nothing to strip
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(MARKS, '');
}

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  const base = stripSuffix(word);
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}

function stripSuffix(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2));
  return word;
}

/** "running" -> "run", not "runn". */
function undouble(word: string): string {
  return /([^aeiouls])\1$/.test(word) ? word.slice(0, -1) : word;
}
