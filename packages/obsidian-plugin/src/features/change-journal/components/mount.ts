/**
 * Mounts the Recent AI changes list into an element: Obsidian's view does it in onOpen, the
 * Chromium harness page into its stand-in of a sidebar leaf. Browser-safe.
 */
import { mount, unmount } from 'svelte';
import type { RecentChangesApi } from '../services/recent-changes-api.ts';
import RecentChanges from './RecentChanges.svelte';

export interface MountedRecentChanges {
  destroy(): void;
}

export function mountRecentChanges(
  target: HTMLElement,
  options: { api: RecentChangesApi; notify: (message: string) => void },
): MountedRecentChanges {
  const root = mount(RecentChanges, { target, props: { ...options } });
  return { destroy: () => void unmount(root) };
}
