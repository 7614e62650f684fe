/**
 * An in-memory BM25 index over the same chunks the vectors cover (k1 = 1.2, b = 0.75), kept in
 * step with the vector index note by note (storage: lexical-postings.ts). A chunk's score is
 * weighted by the share of the query's rarity (idf) it holds, as search_vault_simple ranks notes. Like vector search,
 * a note appears once in the results, with its best chunk.
 */
import { PostingTable, type Posting } from './lexical-postings.ts';
import { termsOf } from './lexical-terms.ts';
import { TopK } from './top-k.ts';

const K1 = 1.2;
const B = 0.75;

export interface LexicalHit {
  path: string;
  chunkIndex: number;
  score: number;
  /** Share (0..1) of the query's rarity the chunk holds. */
  strength: number;
}

export class LexicalIndex {
  private readonly table = new PostingTable();

  setNote(path: string, chunkTexts: readonly string[]): void {
    this.table.deleteNote(path);
    this.table.addNote(
      path,
      chunkTexts.map((text) => termsOf(text)),
    );
  }

  deleteNote(path: string): void {
    this.table.deleteNote(path);
  }

  has(path: string): boolean {
    return this.table.notes.has(path);
  }

  search(query: string, limit: number, accept: (path: string) => boolean): LexicalHit[] {
    const { table } = this;
    const scores = new Float64Array(table.slotCount);
    const held = new Float64Array(table.slotCount);
    let queryWeight = 0;
    const averageLength = table.liveSlots === 0 ? 1 : table.totalLength / table.liveSlots;
    for (const term of new Set(termsOf(query))) {
      const posting = table.postings.get(term);
      if (posting === undefined) continue;
      const frequency = liveEntries(posting, table.slotNote);
      const idf = Math.log(1 + (table.liveSlots - frequency + 0.5) / (frequency + 0.5));
      queryWeight += idf;
      for (let i = 0; i < posting.size; i++) {
        const slot = posting.slots[i] as number;
        if (table.slotNote[slot] === -1) continue;
        const count = posting.frequencies[i] as number;
        const norm = K1 * (1 - B + (B * (table.slotLength[slot] as number)) / averageLength);
        scores[slot] = (scores[slot] as number) + (idf * count * (K1 + 1)) / (count + norm);
        held[slot] = (held[slot] as number) + idf;
      }
    }
    // Coordination: a chunk scores by the share of the query's rarity it holds, so a common
    // word repeated cannot outrank a chunk that holds the rare words too.
    for (let slot = 0; slot < scores.length; slot++) {
      held[slot] = (held[slot] as number) / (queryWeight || 1);
      scores[slot] = (scores[slot] as number) * (held[slot] as number);
    }
    return this.bestPerNote(scores, held, limit, accept);
  }

  private bestPerNote(
    scores: Float64Array,
    strengths: Float64Array,
    limit: number,
    accept: (path: string) => boolean,
  ): LexicalHit[] {
    const { table } = this;
    const noteBest = new Float64Array(table.noteCapacity);
    const noteSlot = new Int32Array(table.noteCapacity).fill(-1);
    for (let slot = 0; slot < scores.length; slot++) {
      const score = scores[slot] as number;
      const note = table.slotNote[slot] as number;
      if (score > 0 && score > (noteBest[note] as number)) {
        noteBest[note] = score;
        noteSlot[note] = slot;
      }
    }
    const top = new TopK<LexicalHit>(limit);
    for (const [path, entry] of table.notes) {
      const slot = noteSlot[entry.id] as number;
      if (slot === -1 || !top.accepts(noteBest[entry.id] as number) || !accept(path)) continue;
      top.offer(
        {
          path,
          chunkIndex: table.slotChunk[slot] as number,
          score: noteBest[entry.id] as number,
          strength: strengths[slot] as number,
        },
        noteBest[entry.id] as number,
      );
    }
    return top.best();
  }
}

/** Document frequency: a posting still lists dead slots until the next compaction. */
function liveEntries(posting: Posting, slotNote: Int32Array): number {
  let live = 0;
  for (let i = 0; i < posting.size; i++) if (slotNote[posting.slots[i] as number] !== -1) live++;
  return live;
}
