/**
 * What ranked text search knows of a note: its terms (semantic-search's `termsOf`: stopwords
 * dropped, light stemming) counted per field and weighted, the title (file name), aliases,
 * headings and tags counting more than a word of the body. Made once per note text and kept
 * (`documentOf`), so a query over a vault whose notes did not change tokenizes nothing but itself.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { termsOf } from '../../../../semantic-search/index.ts';
import { TermCounts, TermDictionary } from './term-counts.ts';

export interface NoteDocument {
  path: string;
  text: string;
  /** term -> weighted count over every field. */
  terms: TermCounts;
  /** Weighted number of terms, for BM25's length normalisation. */
  length: number;
}

export const FIELD_WEIGHTS = { title: 4, aliases: 4, headings: 2, tags: 2, body: 1 } as const;

/** Enough for the largest vaults we serve; past it the cache starts over. */
const MAX_KEPT = 200_000;
const kept = new Map<string, NoteDocument>();
/** The kept documents' term numbers; started anew with them. */
let dictionary = new TermDictionary();

export function documentOf(host: VaultHost, path: string, text: string): NoteDocument {
  const known = kept.get(path);
  if (known !== undefined && known.text === text) return known;
  const made = makeDocument(host, path, text);
  if (kept.size >= MAX_KEPT) {
    kept.clear();
    dictionary = new TermDictionary();
  }
  kept.set(path, made);
  return made;
}

function makeDocument(host: VaultHost, path: string, text: string): NoteDocument {
  const terms = new Map<string, number>();
  let length = 0;
  const add = (source: string, weight: number) => {
    for (const term of termsOf(source)) {
      terms.set(term, (terms.get(term) ?? 0) + weight);
      length += weight;
    }
  };
  const cache = host.getFileCache(path);
  add(titleOf(path), FIELD_WEIGHTS.title);
  add(aliasesOf(cache?.frontmatter).join('\n'), FIELD_WEIGHTS.aliases);
  add((cache?.headings ?? []).map((heading) => heading.heading).join('\n'), FIELD_WEIGHTS.headings);
  add(host.getAllTags(path).join('\n').replaceAll('/', ' '), FIELD_WEIGHTS.tags);
  add(text, FIELD_WEIGHTS.body);
  return { path, text, terms: TermCounts.of(dictionary, terms), length };
}

export function titleOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

function aliasesOf(frontmatter: Record<string, unknown> | undefined): string[] {
  const value = frontmatter?.aliases ?? frontmatter?.alias;
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).filter((alias): alias is string => typeof alias === 'string');
}
