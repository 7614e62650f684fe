/**
 * command-permissions' UI entry: the Obsidian modal that asks the user about a command. Only
 * main.ts imports it; the feature's index.ts stays free of runtime 'obsidian' imports, so
 * headless can load that one.
 */
export { ModalPermissionPrompt } from './permission-modal.ts';
