/**
 * What ranked text search knows of a note: its terms (semantic-search's `termsOf`: stopwords
 * dropped, light stemming) counted per field and weighted, the title (file name), aliases,
 * headings and tags counting more than a word of the body. Made once per note text and kept
 * (`documentOf`), so a query over a vault whose notes did not change tokenizes nothing but itself.
 *
 * Kept compactly and within a budget: a note's terms are ids into one vocabulary, sorted, with
 * their counts after them in one array (8 bytes a term; a Map of strings took about 118), and past KEPT_BYTES
 * the least recently used documents are dropped. At 10,000 generated notes the documents took
 * 17 MiB of heap (104 MiB as Maps), 9.4 MB by their count: the budget holds 100,000 such notes;
 * past it a query tokenizes again the notes it finds dropped.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { termsOf } from '../../../../semantic-search/index.ts';

export interface NoteDocument {
  path: string;
  text: string;
  /** The weighted count of `term` over every field; 0 when the note does not hold it. */
  countOf(term: string): number;
  /** Weighted number of terms, for BM25's length normalisation. */
  length: number;
}

export const FIELD_WEIGHTS = { title: 4, aliases: 4, headings: 2, tags: 2, body: 1 } as const;

/** What the kept documents may cost, by `bytesOf`. */
export const KEPT_BYTES = 128 * 1024 * 1024;
/** Per document beyond its array: the object, the array's header, its key in `kept`. */
const DOCUMENT_OVERHEAD = 200;

/** The vocabulary may hold this many terms a kept note, plus the floor, before it starts over. */
const VOCABULARY_PER_DOCUMENT = 4;
const VOCABULARY_FLOOR = 100_000;
class KeptDocument implements NoteDocument {
  constructor(
    readonly path: string,
    readonly text: string,
    /** The vocabulary the ids are of (a document outlives a vocabulary started over). */
    private readonly terms: ReadonlyMap<string, number>,
    /**
     * The ids of the note's terms, ascending, then the weighted count of each in the same
     * order: one typed array, not two, for each array costs about 250 bytes of object and
     * backing-store bookkeeping besides its data (ADR-0058).
     */
    private readonly idsThenCounts: Uint32Array,
    readonly length: number,
  ) {}

  countOf(term: string): number {
    const id = this.terms.get(term);
    if (id === undefined) return 0;
    const terms = this.idsThenCounts.length >>> 1;
    let [low, high] = [0, terms - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.idsThenCounts[middle] as number;
      if (at === id) return this.idsThenCounts[terms + middle] as number;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return 0;
  }

  bytes(): number {
    return this.idsThenCounts.byteLength + DOCUMENT_OVERHEAD;
  }
}

/** Documents by path within a budget of bytes, least recently used dropped first. */
export class DocumentCache {
  /** Path -> document, least recently used first (a hit moves to the end). */
  private readonly kept = new Map<string, KeptDocument>();
  private keptBytes = 0;
  /** Term -> id, shared by every kept document; started over when the documents are. */
  private vocabulary = new Map<string, number>();

  constructor(private readonly budgetBytes: number) {}

  documentOf(host: VaultHost, path: string, text: string): NoteDocument {
    const known = this.kept.get(path);
    if (known !== undefined) {
      this.kept.delete(path);
      if (known.text === text) {
        this.kept.set(path, known);
        return known;
      }
      this.keptBytes -= known.bytes();
    }
    const made = this.make(host, path, text);
    this.kept.set(path, made);
    this.keptBytes += made.bytes();
    for (const [oldest, document] of this.kept) {
      if (this.keptBytes <= this.budgetBytes || oldest === path) break;
      this.kept.delete(oldest);
      this.keptBytes -= document.bytes();
    }
    return made;
  }

  /** How many documents are kept, their cost (arrays and overhead), the vocabulary's terms. */
  held(): { documents: number; bytes: number; vocabulary: number } {
    return { documents: this.kept.size, bytes: this.keptBytes, vocabulary: this.vocabulary.size };
  }

  clear(): void {
    this.kept.clear();
    this.keptBytes = 0;
    this.vocabulary = new Map();
  }

  private make(host: VaultHost, path: string, text: string): KeptDocument {
    // Terms no kept note holds any more keep their ids: start over before they outgrow the notes.
    if (this.vocabulary.size > VOCABULARY_PER_DOCUMENT * this.kept.size + VOCABULARY_FLOOR)
      this.clear();
    const vocabulary = this.vocabulary;
    const counts = new Map<number, number>();
    let length = 0;
    const add = (source: string, weight: number) => {
      for (const term of termsOf(source)) {
        let id = vocabulary.get(term);
        if (id === undefined) vocabulary.set(term, (id = vocabulary.size));
        counts.set(id, (counts.get(id) ?? 0) + weight);
        length += weight;
      }
    };
    const cache = host.getFileCache(path);
    add(titleOf(path), FIELD_WEIGHTS.title);
    add(aliasesOf(cache?.frontmatter).join('\n'), FIELD_WEIGHTS.aliases);
    add(
      (cache?.headings ?? []).map((heading) => heading.heading).join('\n'),
      FIELD_WEIGHTS.headings,
    );
    add(host.getAllTags(path).join('\n').replaceAll('/', ' '), FIELD_WEIGHTS.tags);
    add(text, FIELD_WEIGHTS.body);
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const idsThenCounts = new Uint32Array(ids.length * 2);
    idsThenCounts.set(ids);
    for (let at = 0; at < ids.length; at++)
      idsThenCounts[ids.length + at] = counts.get(ids[at] as number) as number;
    return new KeptDocument(path, text, vocabulary, idsThenCounts, length);
  }
}

/** The documents every search of this process shares. */
export const keptDocuments = new DocumentCache(KEPT_BYTES);

export function documentOf(host: VaultHost, path: string, text: string): NoteDocument {
  return keptDocuments.documentOf(host, path, text);
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
