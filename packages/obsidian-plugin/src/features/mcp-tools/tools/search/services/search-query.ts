/**
 * A search_vault_simple query as Obsidian's search box reads it: plain words (each optional,
 * ranked by BM25), "quoted phrases" (required, exact up to case), and operators that narrow the
 * notes searched: `tag:`, `path:`, `file:`, `[property]`, `[property:value]`; a leading `-`
 * turns any of them, or a word, into an exclusion. An operator's value may be quoted
 * (`path:"Seed library"`). Anything else that looks like an operator is a word.
 */
export type Clause =
  | { kind: 'word'; text: string }
  | { kind: 'phrase'; text: string }
  | { kind: 'tag'; text: string }
  | { kind: 'path'; text: string }
  | { kind: 'file'; text: string }
  | { kind: 'property'; name: string; value: string | null };

export interface ParsedQuery {
  /** Words and phrases that rank (not negated). */
  words: string[];
  phrases: string[];
  /** Clauses every result must satisfy (`negated`: must not). */
  filters: { clause: Clause; negated: boolean }[];
}

const TOKEN =
  /(-?)(?:\[([^\]:]+)(?::([^\]]*))?\]|(tag|path|file):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+))/giu;

export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = { words: [], phrases: [], filters: [] };
  for (const match of query.matchAll(TOKEN)) {
    const clause = clauseOf(match);
    if (clause === null) continue;
    const negated = match[1] === '-';
    if (negated || (clause.kind !== 'word' && clause.kind !== 'phrase')) {
      parsed.filters.push({ clause, negated });
      continue;
    }
    if (clause.kind === 'word') parsed.words.push(clause.text);
    else {
      parsed.phrases.push(clause.text);
      parsed.filters.push({ clause, negated: false });
    }
  }
  return parsed;
}

function clauseOf(match: RegExpMatchArray): Clause | null {
  const [, , property, propertyValue, operator, quotedValue, bareValue, phrase, word] = match;
  if (property !== undefined)
    return { kind: 'property', name: property.trim(), value: unquote(propertyValue) };
  if (operator !== undefined) {
    const text = (quotedValue ?? bareValue ?? '').trim();
    if (text === '') return null;
    const kind = operator.toLowerCase() as 'tag' | 'path' | 'file';
    return { kind, text: kind === 'tag' ? text.replace(/^#/, '') : text };
  }
  if (phrase !== undefined) return phrase.trim() === '' ? null : { kind: 'phrase', text: phrase };
  if (word === undefined || word === '-') return null;
  return { kind: 'word', text: word };
}

function unquote(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  const bare = /^"(.*)"$/u.exec(trimmed)?.[1] ?? trimmed;
  return bare === '' ? null : bare;
}
