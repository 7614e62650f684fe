/**
 * The journal in memory, folded from its lines: committed changes in commit order, changes still
 * open (begun, not yet committed or aborted) with their intents, and idempotency keys. It holds
 * no images (those stay on disk) and answers whether a change is undone: a change is undone when
 * some change that undid it is itself in effect. A record naming what no tool could name (a path
 * out of the vault, the config folder, a before-image not named by its hash) is set aside as it
 * is folded in (record-check.ts, ADR-0041): it is never listed, settled or undone.
 */
import type {
  CallKey,
  Change,
  ChangeHead,
  IntentEntry,
  JournalLine,
  KeyLine,
} from './change-record.ts';
import { intentProblem, recordProblem } from './record-check.ts';

export interface OpenChange {
  head: ChangeHead;
  key: CallKey | null;
  /** seq -> the entries of that intent. */
  intents: Map<number, IntentEntry[]>;
}

export class ChangeLog {
  private readonly byId = new Map<string, Change>();
  private readonly undoers = new Map<string, Change[]>();
  /** undoneBy's answers since the log last changed. */
  private readonly effect = new Map<string, Change | null>();
  readonly open = new Map<string, OpenChange>();
  private readonly keys = new Map<string, KeyLine>();
  /** Records set aside, by change id: what was wrong with each. */
  readonly refused = new Map<string, string>();

  /** `configDir`: the vault's config folder, which no record may name. */
  constructor(private readonly configDir: string) {}

  /** Forgets everything and folds these lines instead (the file was replaced). */
  reset(lines: readonly JournalLine[]): void {
    this.effect.clear();
    this.byId.clear();
    this.undoers.clear();
    this.open.clear();
    this.keys.clear();
    this.refused.clear();
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
        return this.applyIntent(line.id, line.seq, line.entries);
      case 'abort':
        this.open.delete(line.id);
        return;
      case 'commit':
        this.open.delete(line.change.id);
        return this.admit(line.change);
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

  /** The key recorded first (keys are kept in the order they were recorded). */
  oldestKey(): KeyLine | undefined {
    for (const key of this.keys.values()) return key;
    return undefined;
  }

  allKeys(): KeyLine[] {
    return [...this.keys.values()];
  }

  /**
   * The change in effect that undid `id`, or null when `id` is in effect. Worked out without
   * recursion and remembered until the log changes, so a chain of 20,000 undos of undos costs
   * one walk, not one per change listed (nor a stack overflow). An undo naming a change that
   * (through planted records) undoes it back counts as not in effect.
   */
  undoneBy(id: string): Change | null {
    const known = this.effect.get(id);
    if (known !== undefined) return known;
    const walking = new Set<string>([id]);
    const stack = [id];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as string;
      const undoers = this.undoers.get(top) ?? [];
      const pending = undoers.filter(
        (undoer) => !this.effect.has(undoer.id) && !walking.has(undoer.id),
      );
      if (pending.length > 0) {
        for (const undoer of pending) walking.add(undoer.id);
        stack.push(...pending.map((undoer) => undoer.id));
        continue;
      }
      const inEffect = undoers.findLast((undoer) => this.effect.get(undoer.id) === null);
      this.effect.set(top, inEffect ?? null);
      stack.pop();
    }
    return this.effect.get(id) ?? null;
  }

  /** Keeps only these changes and keys (compaction); open changes stay. */
  retain(changes: ReadonlySet<string>, keys: readonly KeyLine[]): void {
    const kept = this.changes().filter((change) => changes.has(change.id));
    this.effect.clear();
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

  private applyIntent(id: string, seq: number, entries: IntentEntry[]): void {
    const problem = intentProblem(entries, this.configDir);
    if (problem === null) {
      this.open.get(id)?.intents.set(seq, entries);
      return;
    }
    this.open.delete(id);
    this.refused.set(id, problem);
  }

  private admit(change: Change): void {
    const problem =
      this.refused.get(change.id) ?? recordProblem(change.steps, change.after, this.configDir);
    if (problem === null) return this.add(change);
    this.effect.clear();
    this.byId.delete(change.id);
    this.refused.set(change.id, problem);
  }

  private add(change: Change): void {
    this.effect.clear();
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
