/**
 * The journal in memory, folded from its lines: committed changes in commit order, changes still
 * open (begun, not yet committed or aborted) with their intents, and idempotency keys. It holds
 * no images (those stay on disk) and answers whether a change is undone: a change is undone when
 * some change that undid it is itself in effect.
 */
import type {
  CallKey,
  Change,
  ChangeHead,
  IntentEntry,
  JournalLine,
  KeyLine,
} from './change-record.ts';

export interface OpenChange {
  head: ChangeHead;
  key: CallKey | null;
  /** seq -> the entries of that intent. */
  intents: Map<number, IntentEntry[]>;
}

export class ChangeLog {
  private readonly byId = new Map<string, Change>();
  private readonly undoers = new Map<string, Change[]>();
  readonly open = new Map<string, OpenChange>();
  private readonly keys = new Map<string, KeyLine>();

  /** Forgets everything and folds these lines instead (the file was replaced). */
  reset(lines: readonly JournalLine[]): void {
    this.byId.clear();
    this.undoers.clear();
    this.open.clear();
    this.keys.clear();
    for (const line of lines) this.apply(line);
  }

  apply(line: JournalLine): void {
    switch (line.t) {
      case 'journal':
        return;
      case 'begin':
        this.open.set(line.change.id, {
          head: line.change,
          key: line.key ?? null,
          intents: new Map(),
        });
        return;
      case 'intent':
        this.open.get(line.id)?.intents.set(line.seq, line.entries);
        return;
      case 'abort':
        this.open.delete(line.id);
        return;
      case 'commit':
        this.open.delete(line.change.id);
        this.add(line.change);
        return;
      case 'key':
        this.keys.set(keyId(line.tokenId, line.key), line);
    }
  }

  /** Committed changes, oldest first. */
  changes(): Change[] {
    return [...this.byId.values()];
  }

  get(id: string): Change | null {
    return this.byId.get(id) ?? null;
  }

  key(tokenId: string | null, key: string): KeyLine | null {
    return this.keys.get(keyId(tokenId, key)) ?? null;
  }

  allKeys(): KeyLine[] {
    return [...this.keys.values()];
  }

  /** The change in effect that undid `id`, or null when `id` is in effect. */
  undoneBy(id: string): Change | null {
    const undoers = this.undoers.get(id) ?? [];
    for (let index = undoers.length - 1; index >= 0; index--) {
      const undoer = undoers[index] as Change;
      if (this.undoneBy(undoer.id) === null) return undoer;
    }
    return null;
  }

  /** Keeps only these changes and keys (compaction); open changes stay. */
  retain(changes: ReadonlySet<string>, keys: readonly KeyLine[]): void {
    const kept = this.changes().filter((change) => changes.has(change.id));
    this.byId.clear();
    this.undoers.clear();
    for (const change of kept) this.add(change);
    this.keys.clear();
    for (const key of keys) this.keys.set(keyId(key.tokenId, key.key), key);
  }

  /** Lines that rebuild this state: what compaction writes. */
  lines(): JournalLine[] {
    const openLines = [...this.open.values()].flatMap((change): JournalLine[] => [
      { t: 'begin', change: change.head, ...(change.key !== null && { key: change.key }) },
      ...[...change.intents].map(([seq, entries]): JournalLine => ({
        t: 'intent',
        id: change.head.id,
        seq,
        entries,
      })),
    ]);
    return [
      ...this.changes().map((change): JournalLine => ({ t: 'commit', change })),
      ...this.allKeys(),
      ...openLines,
    ];
  }

  private add(change: Change): void {
    this.byId.delete(change.id);
    this.byId.set(change.id, change);
    if (change.undoes === undefined) return;
    const undoers = this.undoers.get(change.undoes) ?? [];
    undoers.push(change);
    this.undoers.set(change.undoes, undoers);
  }
}

function keyId(tokenId: string | null, key: string): string {
  return `${tokenId ?? ''}\n${key}`;
}
