/**
 * Mounts the settings tab's Svelte root into an element: Obsidian's settings tab does it in
 * display(), the Chromium harness page into its stand-in of the settings modal. Browser-safe.
 */
import { mount, unmount } from 'svelte';
import type { SectionId, SettingsApi } from '../services/settings-api.ts';
import SettingsRoot from './SettingsRoot.svelte';

export interface SettingsMountOptions {
  api: SettingsApi;
  notify: (message: string) => void;
}

export interface MountedSettings {
  reveal(section: SectionId): void;
  destroy(): void;
}

export function mountSettings(target: HTMLElement, options: SettingsMountOptions): MountedSettings {
  const root = mount(SettingsRoot, { target, props: { ...options } }) as {
    reveal(section: SectionId): void;
  };
  return {
    reveal: (section) => root.reveal(section),
    destroy: () => void unmount(root),
  };
}
