/**
 * The change journal of one vault: opened once per server, beside data.json. Every write call
 * runs here, one at a time (the change lock), in a session whose recording host journals what
 * it writes; a failed call is rolled back, a successful one committed, and idempotency keys are
 * answered before anything runs. Callers get a `ChangeAccess` (journal-access.ts) bound to who
 * they are (a token, or the user in Obsidian); inside a call it is bound to that call's session,
 * so an undo made by a tool is that tool call's change.
 *
 * Opening never waits for the vault: changes a crash cut off are settled in the background,
 * under the change lock, once the vault is ready (headless builds its index while serving,
 * ADR-0021). Every entry point (calls, listing, history) waits for that settling first, so no
 * call sees or repeats a change that is still open.
 *
 * Servers sharing a vault share its journal (ADR-0030): every read and write of it takes turns
 * with theirs, and first catches up with what they wrote (shared-journal.ts).
 */
import { ToolError, type ChangeJournalSettings } from '@mcp-connector/shared';
import { randomBytes } from 'node:crypto';
import { failureFromThrown } from '../../../host/thrown-failure.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import { argumentPaths, summarizeArguments } from './argument-summary.ts';
import type { CallOutcome, ChangeAccess, JournaledCall, ToolPermit } from './change-access.ts';
import type { ChangeLog } from './change-log.ts';
import {
  changeBlobs,
  type CallKey,
  type Change,
  type ChangeActor,
  type KeyLine,
} from './change-record.ts';
import { recoveryLines } from './change-recovery.ts';
import { ChangeSession, type RollbackOutcome } from './change-session.ts';
import { ChangeViews, type ListedChange } from './change-listing.ts';
import { IdempotentCalls } from './idempotent-calls.ts';
import type { ImageStore } from './image-store.ts';
import {
  changesToKeep,
  isPinned,
  liveKeys,
  overBounds,
  pinnedSize,
  regrowthBytes,
} from './journal-bounds.ts';
import { JournalAccess } from './journal-access.ts';
import { ImageCapture } from './path-state.ts';
import { RecordingHost } from './recording-host.ts';
import { SharedJournal } from './shared-journal.ts';

const MB = 1024 * 1024;
const RECOMPACT_AFTER_MS = 60 * 60 * 1000;

export interface ChangeJournalOptions {
  /** The journal's folder: `change-journal/` beside data.json. */
  folder: string;
  /** The vault as clients see it (behind the hidden-folders guard): every write goes here. */
  host: VaultHost;
  /** The vault unguarded, read only to settle changes a crash cut off. */
  unguardedHost: VaultHost;
  /**
   * Resolves once the host knows every file (headless builds its index while serving,
   * ADR-0018); awaited, in the background, only when a crash left changes to settle.
   */
  vaultReady?: () => Promise<void>;
  /** Read at use time, so a changed setting applies to the next change. */
  settings: () => ChangeJournalSettings;
  isHidden: (path: string) => boolean;
  now?: () => Date;
  /** Told about anything odd found at start (a torn last record, a journal of another format). */
  onProblem?: (message: string) => void;
}

/** Where a call's writes (and an undo it makes) go: its session and recording host. */
export interface BoundSession {
  session: ChangeSession;
  recording: VaultHost;
}

export class ChangeJournal {
  private readonly listeners = new Set<(change: ListedChange) => void>();
  private readonly capture: ImageCapture;
  readonly keys: IdempotentCalls;
  readonly views: ChangeViews;
  private readonly userViews: ChangeViews;
  private closed = false;
  /** Size the journal must grow past before the next compaction (amortised compaction). */
  private grownPast = 0;
  private lastCompaction = 0;
  private signalClosing: () => void = () => undefined;
  private readonly closing = new Promise<void>((resolve) => (this.signalClosing = resolve));
  /** Resolves once what a crash left open is settled (and the journal compacted if needed). */
  readonly settled: Promise<void>;

  private constructor(
    private readonly options: ChangeJournalOptions,
    readonly shared: SharedJournal,
  ) {
    this.capture = new ImageCapture(options.host, () => options.settings().maxBinaryMb * MB);
    this.views = new ChangeViews(shared.log, options.isHidden);
    this.userViews = new ChangeViews(shared.log, () => false);
    this.keys = new IdempotentCalls(
      shared.log,
      (line) => {
        const change = line.change === null ? null : shared.log.get(line.change);
        const hidden = (line.paths ?? []).some((path) => options.isHidden(path));
        return !hidden && (change === null || this.views.isVisible(change));
      },
      () => this.now().getTime(),
    );
    this.settled = shared.ownTurn(() => this.settle());
    this.settled.catch((error: unknown) =>
      options.onProblem?.(
        `The change journal could not settle the changes a crash cut off: ${String(error)}`,
      ),
    );
  }

  static async open(options: ChangeJournalOptions): Promise<ChangeJournal> {
    const now = () => options.now?.() ?? new Date();
    const { journal: shared, problems } = await SharedJournal.open(
      options.folder,
      now,
      options.host.configDir,
    );
    const journal = new ChangeJournal(options, shared);
    for (const problem of problems) options.onProblem?.(problem);
    return journal;
  }

  get log(): ChangeLog {
    return this.shared.log;
  }

  get images(): ImageStore {
    return this.shared.images;
  }

  /** Waits for the settling at open; a journal that could not settle refuses every call. */
  async whenSettled(): Promise<void> {
    try {
      await this.settled;
    } catch {
      throw new ToolError(
        'internal_error',
        'The change journal could not settle the changes a crash cut off (is the vault readable?); restart the server to try again.',
      );
    }
  }

  /**
   * The journal as this caller sees it; the user in Obsidian sees hidden folders too. `permit`
   * is the caller's scope: what its undos and redos may write.
   */
  forActor(actor: ChangeActor, permit: ToolPermit): ChangeAccess {
    return new JournalAccess(this, actor, permit, null);
  }

  /** Called after each committed change (the Obsidian notice and view listen). */
  onCommit(listener: (change: ListedChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  viewsFor(actor: ChangeActor): ChangeViews {
    return actor.tokenId === null ? this.userViews : this.views;
  }

  get host(): VaultHost {
    return this.options.host;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.signalClosing();
    await this.shared.close();
  }

  /**
   * Runs first under the change lock: changes a crash left open are settled once the vault is
   * ready. Closed before that, they stay open in the file and the next start settles them. The
   * journal's lock is taken only once the vault is ready (a big vault's index can take a while);
   * every change open then was cut off, since each process holds that lock from a change's begin
   * to its commit. One that another process left after this one opened waits for the next start:
   * this host was not waited for. Then, still holding that lock, images no change names go.
   */
  private async settle(): Promise<void> {
    const toSettle = this.log.open.size > 0;
    if (toSettle) {
      const ready = this.options.vaultReady?.() ?? Promise.resolve();
      await Promise.race([ready, this.closing]);
      if (this.closed) return;
    }
    await this.shared.vaultTurn(async () => {
      if (toSettle) {
        const open = [...this.log.open.values()];
        const recovered = await recoveryLines(this.options.unguardedHost, open);
        if (recovered.length > 0) await this.shared.append(recovered);
      }
      await this.compactIfNeeded();
      // What a crash or an older version left: images of changes that were rolled back or
      // aborted, and half-written ones.
      await this.images.sweep(this.namedBlobs());
    });
  }

  /**
   * Work that writes through the journal: one change, rolled back if the work fails. Tool calls
   * (journal-access.ts' runCall) and the view's undo, redo and restore all come this way.
   */
  journaled<Answer>(
    actor: ChangeActor,
    call: Pick<JournaledCall, 'tool' | 'args' | 'keptAnswer'>,
    key: CallKey | null,
    work: (bound: BoundSession) => Promise<CallOutcome<Answer>>,
  ): Promise<CallOutcome<Answer>> {
    return this.shared.synced(async () => {
      const answered = key === null ? null : this.keys.answered<Answer>(key);
      if (answered !== null) return answered; // another server ran it while this one waited
      const head = this.head(actor, call);
      const session = new ChangeSession(head, key, this.shared, this.host, this.capture);
      const recording = new RecordingHost(this.host, session);
      let outcome: CallOutcome<Answer>;
      try {
        outcome = await work({ session, recording });
      } catch (error) {
        await this.rollBack(session);
        throw error;
      }
      if (!outcome.ok) return this.rolledBack(session, outcome);
      const keyLine =
        key === null
          ? []
          : [this.keyLine(key, session.hasSteps ? session.id : null, outcome.answer, call)];
      let change: Change | null;
      try {
        change = await session.commit(keyLine);
      } catch (error) {
        // The write happened but cannot be recorded (a full disk): it is put back, not kept.
        return this.rolledBack(session, { ok: false, failure: failureFromThrown(error) });
      }
      if (change !== null) this.committed(change);
      // A compaction that finds no room is tried again after the next write; the call stands.
      await this.compactIfNeeded().catch(() => undefined);
      return outcome;
    });
  }

  /** A write the journal cannot see: only its key is kept. */
  async unjournaled<Answer>(
    key: CallKey | null,
    call: Pick<JournaledCall, 'args' | 'keptAnswer'>,
    work: () => Promise<CallOutcome<Answer>>,
  ): Promise<CallOutcome<Answer>> {
    const outcome = await work();
    if (key !== null && outcome.ok) {
      const line = this.keyLine(key, null, outcome.answer, call);
      await this.shared.synced(() => this.shared.append([line]));
    }
    return outcome;
  }

  private head(actor: ChangeActor, call: Pick<JournaledCall, 'tool' | 'args'>) {
    const now = this.now();
    return {
      id: `${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`,
      time: now.toISOString(),
      actor,
      tool: call.tool,
      summary: summarizeArguments(call.args),
    };
  }

  /** The key's line, with the first call's answer to give back when the key comes again. */
  private keyLine(
    key: CallKey,
    change: string | null,
    answer: unknown,
    call: Pick<JournaledCall, 'args' | 'keptAnswer'>,
  ): KeyLine {
    const time = this.now().toISOString();
    const result = call.keptAnswer?.(answer) ?? answer;
    return { t: 'key', ...key, time, change, result, paths: argumentPaths(call.args) };
  }

  /**
   * Puts the session's writes back; once all are back, its before-images go with it (those no
   * other change names: equal bytes are stored once), so nothing of it stays in the journal.
   */
  private async rollBack(session: ChangeSession): Promise<RollbackOutcome> {
    const rollback = await session.rollback();
    if (rollback.complete) await this.images.discard(session.blobs, this.namedBlobs());
    return rollback;
  }

  private async rolledBack<Answer>(
    session: ChangeSession,
    outcome: CallOutcome<Answer> & { ok: false },
  ): Promise<CallOutcome<Answer>> {
    const rollback = await this.rollBack(session);
    if (rollback.complete) return outcome;
    if (rollback.change !== null) this.committed(rollback.change);
    const { failure } = outcome;
    return {
      ok: false,
      failure: {
        ...failure,
        message: `${failure.message} Some of what the call had written was not put back (something else changed it meanwhile, and that edit was kept); it is change ${rollback.change?.id} in list_changes.`,
        details: { ...failure.details, rollback: { complete: false, change: rollback.change?.id } },
      },
    };
  }

  private committed(change: Change): void {
    const listed = this.userViews.listed(change);
    for (const listener of this.listeners) listener(listed);
  }

  /**
   * Compacts when over a bound. Amortised (ADR-0041): a compaction brings the journal down to
   * its target share, keys included, and the next one waits until the journal has grown again
   * by a share of its bound, or an hour has passed (for what only ages out), so neither a
   * journal that cannot shrink (its newest change alone is over) nor a steady stream of expiring
   * keys rewrites the file on every write.
   */
  private async compactIfNeeded(): Promise<void> {
    const now = this.now().getTime();
    const bounds = this.options.settings();
    const oldestKey = this.log.oldestKey();
    const changes = this.log.changes();
    const blobSize = (blob: string) => this.images.size(blob);
    const pinned = pinnedSize(changes, blobSize);
    const size = {
      journalBytes: this.shared.fileBytes - pinned.journalBytes,
      imageBytes: this.images.totalBytes - pinned.imageBytes,
    };
    const total = size.journalBytes + size.imageBytes;
    if (total < this.grownPast && now < this.lastCompaction + RECOMPACT_AFTER_MS) return;
    const oldest = changes.find((change) => !isPinned(change));
    if (!overBounds(oldest, oldestKey, size, bounds, now)) return;
    const keep = changesToKeep(changes, blobSize, bounds, now);
    this.log.retain(keep, liveKeys(this.log.allKeys(), bounds, now));
    await this.shared.rewrite();
    await this.images.keepOnly(this.namedBlobs());
    this.grownPast = this.shared.fileBytes + this.images.totalBytes + regrowthBytes(bounds);
    this.lastCompaction = now;
  }

  /** Every blob a kept change names, committed or still open. */
  private namedBlobs(): Set<string> {
    const openBlobs = [...this.log.open.values()].flatMap((open) =>
      changeBlobs({ steps: [...open.intents.values()].flat().map((entry) => entry.step) }),
    );
    return new Set([...this.log.changes().flatMap(changeBlobs), ...openBlobs]);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
