/**
 * What the Recent AI changes view and the Undo notice see and call: the newest changes as plain
 * data (JSON, so the Chromium harness can carry it to a page) and undo/redo as the user in
 * Obsidian. Types only: the components import this file, so it stays free of Node and Obsidian.
 */
import type { ListedChange } from './change-listing.ts';

export type { FileChange, ListedChange } from './change-listing.ts';

export interface RecentChangesView {
  /** False while the server, and with it the journal, is not running. */
  serving: boolean;
  /** Newest first, at most RECENT_CHANGES of them. */
  changes: ListedChange[];
  total: number;
  /** The newest change an AI client made to more than one file (the notice offers its undo). */
  lastMultiFileChange: ListedChange | null;
}

/** Each action resolves with a line for the user, or rejects with one (why, and what to do). */
export interface RecentChangesApi {
  view(): RecentChangesView;
  subscribe(listener: (view: RecentChangesView) => void): () => void;
  undo(id: string): Promise<string>;
  redo(id: string): Promise<string>;
}

export const RECENT_CHANGES = 100;
