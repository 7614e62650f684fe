/**
 * The journal as one caller sees it (`ChangeAccess`): a token's, or the user's in Obsidian, who
 * also sees hidden folders. Outside a call it runs calls (idempotency key first, then one change
 * for a journaled write) and reads the journal; inside a call it is bound to that call's session,
 * so an undo a tool makes is that call's change. An undo, redo or restore asked for outside a call
 * (the Recent AI changes view) is a journaled change of its own, run the way a tool call's is.
 */
import { ToolError } from '@mcp-connector/shared';
import type {
  CallExecutor,
  CallOutcome,
  ChangeAccess,
  JournaledCall,
  ToolPermit,
} from './change-access.ts';
import type { BoundSession, ChangeJournal } from './change-journal.ts';
import type { ChangeFilter, ListedChange, NoteVersion } from './change-listing.ts';
import type { CallKey, ChangeActor } from './change-record.ts';
import {
  redoChange,
  restoreVersion,
  undoChange,
  type RedoResult,
  type RestoreResult,
  type Reverter,
  type UndoResult,
} from './change-undo.ts';
import { callKey } from './idempotent-calls.ts';
import { pinVersion, type PinResult } from './change-pin.ts';
import { textAfter, textBefore, type NoteText, type VersionSources } from './version-text.ts';
import { failureFromThrown } from '../../../host/thrown-failure.ts';

export class JournalAccess implements ChangeAccess {
  constructor(
    private readonly journal: ChangeJournal,
    private readonly actor: ChangeActor,
    private readonly permit: ToolPermit,
    private readonly bound: BoundSession | null,
  ) {}

  async list(filter: ChangeFilter): Promise<ListedChange[]> {
    await this.journal.whenSettled();
    await this.journal.shared.catchUpForRead();
    return this.journal.viewsFor(this.actor).list(filter);
  }

  async history(path: string): Promise<NoteVersion[]> {
    await this.journal.whenSettled();
    await this.journal.shared.catchUpForRead();
    return this.journal
      .viewsFor(this.actor)
      .history(path, this.journal.host.getFile(path) !== null);
  }

  async textBefore(path: string, change: string): Promise<NoteText> {
    return textBefore(await this.versionSources(), path, change);
  }

  async textAfter(path: string, change: string): Promise<NoteText> {
    return textAfter(await this.versionSources(), path, change);
  }

  private async versionSources(): Promise<VersionSources> {
    await this.journal.whenSettled();
    await this.journal.shared.catchUpForRead();
    const views = this.journal.viewsFor(this.actor);
    return { views, images: this.journal.images, host: this.journal.host };
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

  pin(path: string, label?: string): Promise<PinResult> {
    const args = { path, ...(label !== undefined && { label }) };
    return this.revert('save_note_version', args, (reverter) => pinVersion(reverter, path, label));
  }

  async runCall<Answer>(
    call: JournaledCall,
    execute: CallExecutor<Answer>,
  ): Promise<CallOutcome<Answer>> {
    await this.journal.whenSettled();
    const run = (key: CallKey | null) =>
      call.journaled
        ? this.journal.journaled(this.actor, call, key, (bound) =>
            execute(
              bound.recording,
              new JournalAccess(this.journal, this.actor, this.permit, bound),
            ),
          )
        : this.journal.unjournaled(key, call, () => execute(this.journal.host, this));
    if (call.idempotencyKey === undefined) return run(null);
    const key = callKey(this.actor.tokenId, call.idempotencyKey, call.tool, call.args);
    await this.journal.shared.catchUpForRead(); // keys another process recorded, too
    return this.journal.keys.once(key, () => run(key));
  }

  /** Inside a call: in its session. Outside: in a journaled session of its own (the view). */
  private async revert<T>(
    tool: string,
    args: Record<string, unknown>,
    work: (reverter: Reverter) => Promise<T>,
  ): Promise<T> {
    if (this.bound !== null) return work(this.reverter(this.bound));
    await this.journal.whenSettled();
    const outcome = await this.journal.journaled(this.actor, { tool, args }, null, (bound) =>
      outcomeOf(() => work(this.reverter(bound))),
    );
    if (outcome.ok) return outcome.answer;
    const { code, message, details } = outcome.failure;
    throw new ToolError(code, message, details);
  }

  private reverter(bound: BoundSession): Reverter {
    return {
      log: this.journal.log,
      views: this.journal.viewsFor(this.actor),
      images: this.journal.images,
      permit: this.permit,
      ...bound,
    };
  }
}

/** A failure thrown by the work becomes the outcome that rolls its session back. */
async function outcomeOf<T>(work: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { ok: true, answer: await work() };
  } catch (thrown) {
    return { ok: false, failure: failureFromThrown(thrown) };
  }
}
