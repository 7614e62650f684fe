/**
 * The compact storage behind the BM25 index: chunks live in numbered slots (their note, their
 * index in the note, their length), notes in numbered entries, and each term's posting is two
 * growable typed arrays (slots, term frequencies). Removing a note only marks its slots dead;
 * searches skip them, and when dead slots outnumber live ones the whole table is rebuilt
 * without them. Typed arrays keep a 100,000-chunk index in tens of megabytes, not hundreds.
 */

export class Posting {
  slots = new Int32Array(4);
  frequencies = new Uint16Array(4);
  size = 0;

  add(slot: number, frequency: number): void {
    if (this.size === this.slots.length) {
      this.slots = grow(this.slots, new Int32Array(this.size * 2));
      this.frequencies = grow(this.frequencies, new Uint16Array(this.size * 2));
    }
    this.slots[this.size] = slot;
    this.frequencies[this.size] = Math.min(frequency, 65535);
    this.size++;
  }
}

export interface NoteEntry {
  id: number;
  slots: number[];
}

export class PostingTable {
  readonly postings = new Map<string, Posting>();
  readonly notes = new Map<string, NoteEntry>();
  /** Per slot: its note id, or -1 once the slot is dead. */
  slotNote = new Int32Array(1024);
  slotChunk = new Int32Array(1024);
  slotLength = new Int32Array(1024);
  slotCount = 0;
  liveSlots = 0;
  totalLength = 0;
  noteCapacity = 0;
  private readonly freeNoteIds: number[] = [];

  addNote(path: string, chunkTerms: readonly string[][]): void {
    const id = this.freeNoteIds.pop() ?? this.noteCapacity++;
    const entry: NoteEntry = { id, slots: [] };
    chunkTerms.forEach((terms, chunk) => entry.slots.push(this.addSlot(id, chunk, terms)));
    this.notes.set(path, entry);
  }

  deleteNote(path: string): void {
    const entry = this.notes.get(path);
    if (entry === undefined) return;
    for (const slot of entry.slots) {
      this.slotNote[slot] = -1;
      this.totalLength -= this.slotLength[slot] as number;
      this.liveSlots--;
    }
    this.notes.delete(path);
    this.freeNoteIds.push(entry.id);
    if (this.slotCount > 1024 && this.liveSlots < this.slotCount / 2) this.compact();
  }

  private addSlot(noteId: number, chunk: number, terms: readonly string[]): number {
    if (this.slotCount === this.slotNote.length) this.growSlots();
    const slot = this.slotCount++;
    this.slotNote[slot] = noteId;
    this.slotChunk[slot] = chunk;
    this.slotLength[slot] = terms.length;
    this.totalLength += terms.length;
    this.liveSlots++;
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const [term, frequency] of frequencies) {
      let posting = this.postings.get(term);
      if (posting === undefined) {
        posting = new Posting();
        this.postings.set(term, posting);
      }
      posting.add(slot, frequency);
    }
    return slot;
  }

  private growSlots(): void {
    const size = this.slotNote.length * 2;
    this.slotNote = grow(this.slotNote, new Int32Array(size));
    this.slotChunk = grow(this.slotChunk, new Int32Array(size));
    this.slotLength = grow(this.slotLength, new Int32Array(size));
  }

  /** Renumbers the live slots from 0 and drops dead ones from every posting. */
  private compact(): void {
    const renumbered = new Int32Array(this.slotCount).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      if (this.slotNote[slot] === -1) continue;
      renumbered[slot] = next;
      this.slotNote[next] = this.slotNote[slot] as number;
      this.slotChunk[next] = this.slotChunk[slot] as number;
      this.slotLength[next] = this.slotLength[slot] as number;
      next++;
    }
    this.slotCount = next;
    for (const [term, posting] of this.postings) {
      let kept = 0;
      for (let i = 0; i < posting.size; i++) {
        const slot = renumbered[posting.slots[i] as number] as number;
        if (slot === -1) continue;
        posting.slots[kept] = slot;
        posting.frequencies[kept] = posting.frequencies[i] as number;
        kept++;
      }
      posting.size = kept;
      if (kept === 0) this.postings.delete(term);
    }
    for (const entry of this.notes.values())
      entry.slots = entry.slots.map((slot) => renumbered[slot] as number);
  }
}

function grow<T extends Int32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
