/**
 * Mounts the settings tab's Svelte root into an element: the whole tab (the Chromium harness's
 * stand-in of the settings modal), or one section into the row Obsidian made for its
 * declarative definition (setting-definitions.ts). Browser-safe.
 */
import { mount, unmount } from 'svelte';
import type { SectionId, SettingsApi } from '../services/settings-api.ts';
import type { Dialogs } from './context.ts';
import SettingsRoot from './SettingsRoot.svelte';

export interface SettingsMountOptions {
  api: SettingsApi;
  notify: (message: string) => void;
  /** One section alone; all of them when absent. */
  only?: SectionId;
  /** The host's confirmation and secret dialogs; the Svelte ones when absent. */
  dialogs?: Dialogs;
}

export interface MountedSettings {
  reveal(section: SectionId): void;
  destroy(): void;
}

export function mountSettings(target: HTMLElement, options: SettingsMountOptions): MountedSettings {
  const { only, dialogs, ...props } = options;
  const root = mount(SettingsRoot, {
    target,
    props: { ...props, only: only ?? null, dialogs: dialogs ?? null },
  }) as {
    reveal(section: SectionId): void;
  };
  return {
    reveal: (section) => root.reveal(section),
    destroy: () => void unmount(root),
  };
}
