/**
 * The notice after an AI client changed more than one file: `watchMultiFileChanges` decides
 * when, from the views the API publishes, and `mountChangeNotice` puts its content (what the
 * client did, and Undo) into an element of Obsidian's Notice or of the Chromium harness's notice
 * stand-in. Browser-safe.
 */
import { mount } from 'svelte';
import type {
  ListedChange,
  RecentChangesApi,
  RecentChangesView,
} from '../services/recent-changes-api.ts';
import ChangeNotice from './ChangeNotice.svelte';

/** How long the notice stays, in ms: long enough to read it and decide. */
export const CHANGE_NOTICE_MS = 15_000;

/** Calls `show` once for each new multi-file change an AI client makes. */
export function watchMultiFileChanges(
  api: Pick<RecentChangesApi, 'view' | 'subscribe'>,
  show: (change: ListedChange) => void,
): () => void {
  let seen = api.view().lastMultiFileChange?.id ?? null;
  return api.subscribe((view: RecentChangesView) => {
    const change = view.lastMultiFileChange;
    if (change === null || change.id === seen) return;
    seen = change.id;
    show(change);
  });
}

export interface ChangeNoticeActions {
  undo(id: string): Promise<string>;
  /** Says how the undo went. */
  notify(message: string): void;
  /** Closes the notice (the button was used). */
  done(): void;
}

export function mountChangeNotice(
  target: HTMLElement,
  change: ListedChange,
  actions: ChangeNoticeActions,
): void {
  mount(ChangeNotice, { target, props: { change, ...actions } });
}
