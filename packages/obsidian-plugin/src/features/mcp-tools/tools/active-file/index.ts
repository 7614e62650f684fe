import { appendToActiveFile } from './append-to-active-file.ts';
import { deleteActiveFile } from './delete-active-file.ts';
import { getActiveFile } from './get-active-file.ts';
import { showFileInObsidian } from './show-file-in-obsidian.ts';
import { updateActiveFile } from './update-active-file.ts';

export const activeFileTools = [
  getActiveFile,
  updateActiveFile,
  appendToActiveFile,
  deleteActiveFile,
  showFileInObsidian,
];
