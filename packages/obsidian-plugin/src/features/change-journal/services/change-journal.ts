/**
 * The change journal of one vault: opened once per server, beside data.json. Every write call
 * runs here, one at a time (the change lock), in a session whose recording host journals what
 * it writes; a failed call is rolled back, a successful one committed, and idempotency keys are
 * answered before anything runs. Callers get a `ChangeAccess` bound to who they are (a token,
 * or the user in Obsidian); inside a call it is bound to that call's session, so an undo made by
 * a tool is that tool call's change.
 *
 * Opening never waits for the vault: changes a crash cut off are settled in the background,
 * under the change lock, once the vault is ready (headless builds its index while serving,
 * ADR-0021). Every entry point (calls, listing, history) waits for that settling first, so no
 * call sees or repeats a change that is still open.
 *
 * Servers sharing a vault (Obsidian and a headless server, or a stdio server per client) share
 * its journal (ADR-0030): each reads and writes it holding the journal's lock between processes
 * (journal-lock.ts), and first catches up with what the others wrote since (their changes, a
 * compaction that replaced the file, the before-images they added or removed).
 */
import {
  Mutex,
  ToolError,
  type ProcessLock,
  type ChangeJournalSettings,
  type ToolFailure,
} from '@mcp-connector/shared';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { VaultHost } from '../../../host/vault-host.ts';
import { failureFromThrown, failureResult, successResult } from '../../mcp-tools/index.ts';
import { summarizeArguments } from './argument-summary.ts';
import { ChangeLog } from './change-log.ts';
import {
  changeBlobs,
  type CallKey,
  type Change,
  type ChangeActor,
  type JournalLine,
  type KeyLine,
} from './change-record.ts';
import { recoveryLines } from './change-recovery.ts';
import { ChangeSession } from './change-session.ts';
import {
  ChangeViews,
  type ChangeFilter,
  type ListedChange,
  type NoteVersion,
} from './change-listing.ts';
import {
  redoChange,
  restoreVersion,
  undoChange,
  type Reverter,
  type RedoResult,
  type RestoreResult,
  type UndoResult,
} from './change-undo.ts';
import { IdempotentCalls, callKey } from './idempotent-calls.ts';
import { ImageStore } from './image-store.ts';
import { changesToKeep, liveKeys, overBounds } from './journal-bounds.ts';
import { JournalFile } from './journal-file.ts';
import { journalLock } from './journal-lock.ts';
import { ImageCapture } from './path-state.ts';
import { RecordingHost } from './recording-host.ts';

const MB = 1024 * 1024;

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

/** One call to journal: which tool, with what arguments, and its key if it came with one. */
export interface JournaledCall {
  tool: string;
  args: Record<string, unknown>;
  idempotencyKey?: string;
  /** False for writes the journal cannot see (Obsidian commands): only the key applies. */
  journaled: boolean;
}

export type CallExecutor = (host: VaultHost, changes: ChangeAccess) => Promise<CallToolResult>;

/** What tools and the Obsidian view may do with the journal, as one caller. */
export interface ChangeAccess {
  list(filter: ChangeFilter): Promise<ListedChange[]>;
  history(path: string): Promise<NoteVersion[]>;
  undo(id: string): Promise<UndoResult>;
  redo(id: string): Promise<RedoResult>;
  restore(path: string, change: string, expectedRevision?: string): Promise<RestoreResult>;
  /** Runs one tool call: idempotency key first, then (for journaled writes) one change. */
  runCall(call: JournaledCall, execute: CallExecutor): Promise<CallToolResult>;
}

export class ChangeJournal {
  private readonly lock = new Mutex();
  /** Turns (`synced`) of this process running or waiting. */
  private turns = 0;
  private readonly listeners = new Set<(change: ListedChange) => void>();
  private readonly capture: ImageCapture;
  readonly keys: IdempotentCalls;
  readonly views: ChangeViews;
  private readonly userViews: ChangeViews;
  private closed = false;
  private signalClosing: () => void = () => undefined;
  private readonly closing = new Promise<void>((resolve) => (this.signalClosing = resolve));
  /** Resolves once what a crash left open is settled (and the journal compacted if needed). */
  readonly settled: Promise<void>;

  private constructor(
    private readonly options: ChangeJournalOptions,
    private readonly fileLock: ProcessLock,
    private file: JournalFile,
    readonly images: ImageStore,
    readonly log: ChangeLog,
  ) {
    this.capture = new ImageCapture(options.host, () => options.settings().maxBinaryMb * MB);
    this.views = new ChangeViews(log, options.isHidden);
    this.userViews = new ChangeViews(log, () => false);
    this.keys = new IdempotentCalls(
      log,
      (id) => {
        const change = log.get(id);
        return change === null || this.views.isVisible(change);
      },
      () => this.now().getTime(),
    );
    this.settled = this.lock.run(() => this.settle());
    this.settled.catch((error: unknown) =>
      options.onProblem?.(
        `The change journal could not settle the changes a crash cut off: ${String(error)}`,
      ),
    );
  }

  static async open(options: ChangeJournalOptions): Promise<ChangeJournal> {
    await mkdir(options.folder, { recursive: true });
    const fileLock = journalLock(options.folder);
    // Opening may cut a torn tail off: only while no other process can be mid-append.
    const opened = await fileLock.hold(() => JournalFile.open(journalPathIn(options.folder)));
    const images = await ImageStore.open(join(options.folder, 'images'));
    const log = new ChangeLog();
    log.reset(opened.lines);
    const journal = new ChangeJournal(options, fileLock, opened.file, images, log);
    for (const problem of openingProblems(opened)) options.onProblem?.(problem);
    return journal;
  }

  /**
   * Runs `section` in this process's turn (the change lock) and the vault's (the journal's lock),
   * once the log holds what other processes wrote since.
   */
  synced<T>(section: () => Promise<T>): Promise<T> {
    this.turns++;
    return this.lock
      .run(() =>
        this.fileLock.hold(async () => {
          await this.catchUp();
          return section();
        }),
      )
      .finally(() => this.turns--);
  }

  /**
   * Catches up for a read when no turn of this process is running or waiting and no other
   * process holds the journal; else the read answers from what this process knows, rather than
   * waiting behind writes (its own, or another server's long call).
   */
  async catchUpForRead(): Promise<void> {
    if (this.turns > 0) return;
    await this.lock.run(() => this.fileLock.hold(() => this.catchUp(), 0)).catch(() => undefined);
  }

  /** Folds in what other processes wrote since this one last read or wrote the journal. */
  private async catchUp(): Promise<void> {
    const added = await this.file.catchUp();
    if (added !== null && added.length === 0) return;
    if (added === null) {
      const opened = await JournalFile.open(journalPathIn(this.options.folder), this.now(), true);
      await this.file.close();
      this.file = opened.file;
      this.log.reset(opened.lines);
    } else for (const line of added) this.log.apply(line);
    await this.images.rescan();
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

  /** The journal as this caller sees it; the user in Obsidian sees hidden folders too. */
  forActor(actor: ChangeActor): ChangeAccess {
    return new JournalAccess(this, actor, null);
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
    await this.lock.run(() => this.file.close());
  }

  /**
   * Runs first under the change lock: changes a crash left open are settled once the vault is
   * ready. Closed before that, they stay open in the file and the next start settles them. The
   * journal's lock is taken only once the vault is ready (a big vault's index can take a while);
   * every change open then was cut off, since each process holds that lock from a change's begin
   * to its commit. One that another process left after this one opened waits for the next start:
   * this host was not waited for.
   */
  private async settle(): Promise<void> {
    const toSettle = this.log.open.size > 0;
    if (toSettle) {
      const ready = this.options.vaultReady?.() ?? Promise.resolve();
      await Promise.race([ready, this.closing]);
      if (this.closed) return;
    }
    await this.fileLock.hold(async () => {
      await this.catchUp();
      if (toSettle) {
        const open = [...this.log.open.values()];
        const recovered = await recoveryLines(this.options.unguardedHost, open);
        if (recovered.length > 0) await this.append(recovered);
      }
      await this.compactIfNeeded();
    });
  }

  /** A call that writes through the journal: one change, rolled back if the call fails. */
  journaled(
    actor: ChangeActor,
    call: JournaledCall,
    key: CallKey | null,
    execute: CallExecutor,
  ): Promise<CallToolResult> {
    return this.synced(async () => {
      const answered = key === null ? null : this.keys.answered(key);
      if (answered !== null) return answered; // another server ran it while this one waited
      const session = new ChangeSession(this.head(actor, call), key, this, this.host, this.capture);
      const recording = new RecordingHost(this.host, session);
      let result: CallToolResult;
      try {
        result = await execute(recording, new JournalAccess(this, actor, { session, recording }));
      } catch (error) {
        await session.rollback();
        throw error;
      }
      if (result.isError === true) return this.rolledBack(session, result);
      const keyLine =
        key === null ? [] : [this.keyLine(key, session.hasSteps ? session.id : null, result)];
      const change = await session.commit(keyLine);
      if (change !== null) this.committed(change);
      await this.compactIfNeeded();
      return result;
    });
  }

  /** A write the journal cannot see: only its key is kept. */
  async unjournaled(
    actor: ChangeActor,
    key: CallKey | null,
    execute: CallExecutor,
  ): Promise<CallToolResult> {
    const result = await execute(this.host, new JournalAccess(this, actor, null));
    if (key !== null && result.isError !== true)
      await this.synced(() => this.append([this.keyLine(key, null, result)]));
    return result;
  }

  /** Appends lines to the file and folds them into the log. */
  async append(lines: readonly JournalLine[]): Promise<void> {
    try {
      await this.file.append(lines);
    } catch {
      throw new ToolError(
        'internal_error',
        'The change journal could not be written (is the disk full or read-only?); nothing was changed.',
      );
    }
    for (const line of lines) this.log.apply(line);
  }

  private head(actor: ChangeActor, call: JournaledCall) {
    const now = this.now();
    return {
      id: `${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`,
      time: now.toISOString(),
      actor,
      tool: call.tool,
      summary: summarizeArguments(call.args),
    };
  }

  private keyLine(key: CallKey, change: string | null, result: CallToolResult): KeyLine {
    return { t: 'key', ...key, time: this.now().toISOString(), change, result };
  }

  private async rolledBack(
    session: ChangeSession,
    result: CallToolResult,
  ): Promise<CallToolResult> {
    const outcome = await session.rollback();
    if (outcome.complete) return result;
    if (outcome.change !== null) this.committed(outcome.change);
    const failure = result.structuredContent as ToolFailure;
    return failureResult({
      ...failure,
      message: `${failure.message} Some of what the call had written could not be put back; it is change ${outcome.change?.id} in list_changes.`,
      details: { ...failure.details, rollback: { complete: false, change: outcome.change?.id } },
    });
  }

  private committed(change: Change): void {
    const listed = this.userViews.listed(change);
    for (const listener of this.listeners) listener(listed);
  }

  private async compactIfNeeded(): Promise<void> {
    const now = this.now().getTime();
    const bounds = this.options.settings();
    const oldestKey = [...this.log.allKeys()].sort((a, b) => a.time.localeCompare(b.time))[0];
    const size = { journalBytes: this.file.size, imageBytes: this.images.totalBytes };
    if (!overBounds(this.log.changes()[0], oldestKey, size, bounds, now)) return;
    const keep = changesToKeep(this.log.changes(), (blob) => this.images.size(blob), bounds, now);
    this.log.retain(keep, liveKeys(this.log.allKeys(), now));
    await this.file.rewrite(this.log.lines());
    const openBlobs = [...this.log.open.values()].flatMap((open) =>
      changeBlobs({ steps: [...open.intents.values()].flat().map((entry) => entry.step) }),
    );
    await this.images.keepOnly(new Set([...this.log.changes().flatMap(changeBlobs), ...openBlobs]));
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** Where a call's undo writes: its session and recording host. */
interface BoundSession {
  session: ChangeSession;
  recording: VaultHost;
}

class JournalAccess implements ChangeAccess {
  constructor(
    private readonly journal: ChangeJournal,
    private readonly actor: ChangeActor,
    private readonly bound: BoundSession | null,
  ) {}

  async list(filter: ChangeFilter): Promise<ListedChange[]> {
    await this.journal.whenSettled();
    await this.journal.catchUpForRead();
    return this.journal.viewsFor(this.actor).list(filter);
  }

  async history(path: string): Promise<NoteVersion[]> {
    await this.journal.whenSettled();
    await this.journal.catchUpForRead();
    return this.journal
      .viewsFor(this.actor)
      .history(path, this.journal.host.getFile(path) !== null);
  }

  undo(id: string): Promise<UndoResult> {
    return this.revert('undo_change', { id }, (reverter) => undoChange(reverter, id));
  }

  redo(id: string): Promise<RedoResult> {
    return this.revert('redo_change', { id }, (reverter) => redoChange(reverter, id));
  }

  restore(path: string, change: string, expectedRevision?: string): Promise<RestoreResult> {
    const args = { path, change, ...(expectedRevision !== undefined && { expectedRevision }) };
    return this.revert('restore_note_version', args, (reverter) =>
      restoreVersion(reverter, path, change, expectedRevision),
    );
  }

  async runCall(call: JournaledCall, execute: CallExecutor): Promise<CallToolResult> {
    await this.journal.whenSettled();
    const run = (key: CallKey | null) =>
      call.journaled
        ? this.journal.journaled(this.actor, call, key, execute)
        : this.journal.unjournaled(this.actor, key, execute);
    if (call.idempotencyKey === undefined) return run(null);
    const key = callKey(this.actor.tokenId, call.idempotencyKey, call.tool, call.args);
    await this.journal.catchUpForRead(); // keys another process recorded, too
    return this.journal.keys.once(key, () => run(key));
  }

  /** Inside a call: in its session. From the Obsidian view: as a journaled call of its own. */
  private async revert<T extends Record<string, unknown>>(
    tool: string,
    args: Record<string, unknown>,
    work: (reverter: Reverter) => Promise<T>,
  ): Promise<T> {
    if (this.bound !== null) {
      return work({
        log: this.journal.log,
        views: this.journal.viewsFor(this.actor),
        images: this.journal.images,
        ...this.bound,
      });
    }
    const result = await this.runCall({ tool, args, journaled: true }, (_host, access) =>
      resultOf(() => (access as JournalAccess).revert(tool, args, work)),
    );
    const data = result.structuredContent as Record<string, unknown>;
    if (result.isError !== true) return data as T;
    const failure = data as unknown as ToolFailure;
    throw new ToolError(failure.code, failure.message, failure.details);
  }
}

async function resultOf(work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return successResult(await work());
  } catch (thrown) {
    return failureResult(failureFromThrown(thrown));
  }
}

function journalPathIn(folder: string): string {
  return join(folder, 'journal.jsonl');
}

function openingProblems(opened: Awaited<ReturnType<typeof JournalFile.open>>): string[] {
  const problems: string[] = [];
  if (opened.droppedBytes > 0)
    problems.push(
      `The change journal's last record was incomplete (the app stopped while writing it); it was dropped (${opened.droppedBytes} bytes).`,
    );
  if (opened.skippedLines > 0)
    problems.push(
      `The change journal had ${opened.skippedLines} unreadable records; they were skipped.`,
    );
  if (opened.movedAside !== null)
    problems.push(
      'The change journal was in a format this version cannot read; it was set aside and a new one started.',
    );
  return problems;
}
