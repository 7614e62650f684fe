/**
 * What Obsidian added after the manifest's minAppVersion, each behind `requireApiVersion` (the
 * check eslint-plugin-obsidianmd's no-unsupported-api recognises), with what older versions do
 * instead. One place for the UI of every feature, so a newer API is guarded once and its
 * fallback goes when minAppVersion passes it.
 */
import { requireApiVersion, type ButtonComponent } from 'obsidian';

/** The button as Obsidian before 1.13 declared it (1.13 deprecates setWarning). */
interface ButtonBefore113 {
  setWarning(): unknown;
}

/** A button for an action that deletes or cannot be undone. */
export function markDestructive(button: ButtonComponent): void {
  if (requireApiVersion('1.13.0')) button.setDestructive();
  else (button as unknown as ButtonBefore113).setWarning();
}
