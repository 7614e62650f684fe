/**
 * RecentChangesApi over the running server's journal, acting as the user in Obsidian. It
 * follows the server: a restart opens a new journal, which it picks up on the next state change.
 * Every committed change republishes the view, and so does the settling of what a crash left.
 */
import type { ChangeJournal } from './change-journal.ts';
import { USER_ACTOR } from './user-actor.ts';
import { ANY_TOOL } from './change-access.ts';
import { changedFiles, isMultiFileAgentChange } from './change-format.ts';
import type { ListedChange } from './change-listing.ts';
import {
  RECENT_CHANGES,
  type RecentChangesApi,
  type RecentChangesView,
} from './recent-changes-api.ts';

/** The server as the view needs it; settings-ui's ServerLifecycle is one. */
export interface ChangesSource {
  readonly running: { readonly changes: ChangeJournal } | null;
  onChange(listener: (change: string) => void): () => void;
}

export class RecentChangesService implements RecentChangesApi {
  private readonly listeners = new Set<(view: RecentChangesView) => void>();
  private journal: ChangeJournal | null = null;
  private stopCommits: () => void = () => undefined;
  private readonly stopSource: () => void;
  private lastMultiFileChange: ListedChange | null = null;
  private current: RecentChangesView;

  constructor(private readonly source: ChangesSource) {
    this.follow();
    this.current = this.compute();
    this.stopSource = source.onChange(() => {
      this.follow();
      this.publish();
    });
  }

  view(): RecentChangesView {
    return this.current;
  }

  subscribe(listener: (view: RecentChangesView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  undo(id: string): Promise<string> {
    return this.act(async (journal) => {
      const files = this.filesOf(journal, id);
      await journal.forActor(USER_ACTOR, ANY_TOOL).undo(id);
      return `Undone: ${files} put back.`;
    });
  }

  redo(id: string): Promise<string> {
    return this.act(async (journal) => {
      const files = this.filesOf(journal, id);
      await journal.forActor(USER_ACTOR, ANY_TOOL).redo(id);
      return `Redone: ${files} changed again.`;
    });
  }

  /** "3 files", as the change lists them (folders aside). */
  private filesOf(journal: ChangeJournal, id: string): string {
    const change = journal
      .viewsFor(USER_ACTOR)
      .list({})
      .find((listed) => listed.id === id);
    const count = change === undefined ? 0 : changedFiles(change);
    return count === 1 ? '1 file' : `${count} files`;
  }

  close(): void {
    this.stopCommits();
    this.stopSource();
    this.listeners.clear();
  }

  private async act(work: (journal: ChangeJournal) => Promise<string>): Promise<string> {
    const journal = this.journal;
    if (journal === null)
      throw new Error('The MCP server is not running; restart it from the settings first.');
    try {
      return await work(journal);
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : String(error));
    }
  }

  /** Listens to the journal the server has now (a restart makes a new one). */
  private follow(): void {
    const journal = this.source.running?.changes ?? null;
    if (journal === this.journal) return;
    this.stopCommits();
    this.journal = journal;
    this.stopCommits =
      journal?.onCommit((change) => {
        if (isMultiFileAgentChange(change)) this.lastMultiFileChange = change;
        this.publish();
      }) ?? (() => undefined);
    // Changes a crash cut off are settled after the journal opens: show them once they are.
    journal?.settled.then(
      () => this.journal === journal && this.publish(),
      () => undefined,
    );
  }

  private compute(): RecentChangesView {
    if (this.journal === null)
      return { serving: false, changes: [], total: 0, lastMultiFileChange: null };
    const all = this.journal.viewsFor(USER_ACTOR).list({});
    return {
      serving: true,
      changes: all.slice(0, RECENT_CHANGES),
      total: all.length,
      lastMultiFileChange: this.lastMultiFileChange,
    };
  }

  private publish(): void {
    this.current = this.compute();
    for (const listener of this.listeners) listener(this.current);
  }
}
