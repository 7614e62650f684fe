/**
 * change-journal's Obsidian entry: only main.ts imports it (it loads 'obsidian' at run time);
 * the feature's index.ts stays loadable headless.
 */
export { installRecentChanges, type InstalledRecentChanges } from './obsidian-ui.ts';
