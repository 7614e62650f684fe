/**
 * What every component of the tab reaches through Svelte context: the settings API and the tab's
 * own helpers (run an action and report its failure, copy, save a file, open a link, confirm, show a new
 * secret). Browser-safe: no Node, no 'obsidian'.
 */
import { createContext } from 'svelte';
import type { NewSecret, SettingsApi } from '../services/settings-api.ts';

export interface ConfirmRequest {
  title: string;
  /** What happens, and what breaks, in a sentence or two. */
  message: string;
  confirmText: string;
  /** A destructive action: the button is red. */
  warning?: boolean;
}

export interface SettingsUi {
  api: SettingsApi;
  notify(message: string): void;
  /** Runs an action; a failure is shown to the user, never thrown. True when it succeeded. */
  act(task: () => Promise<unknown>, done?: string): Promise<boolean>;
  copy(text: string, what: string): Promise<void>;
  /** Offers a file to save (a download; in Obsidian, the app asks where). */
  save(fileName: string, data: Blob): void;
  /** Hands a link to the system, which opens the app registered for it (an install link). */
  openLink(url: string): void;
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** Shows a new or regenerated secret, once, in a modal. */
  revealSecret(secret: NewSecret, title: string): void;
}

/** A host's own confirmation and secret dialogs (Obsidian's Modal), in place of the Svelte ones. */
export type Dialogs = Pick<SettingsUi, 'confirm' | 'revealSecret'>;

export const [getSettingsUi, setSettingsUi] = createContext<SettingsUi>();
