import type { Tool } from '../../define-tool.ts';
import { compareNoteVersions } from './compare-note-versions.ts';
import { getNoteHistory } from './get-note-history.ts';
import { getNoteVersion } from './get-note-version.ts';
import { listChanges } from './list-changes.ts';
import { redoChange } from './redo-change.ts';
import { restoreNoteVersion } from './restore-note-version.ts';
import { saveNoteVersion } from './save-note-version.ts';
import { undoChange } from './undo-change.ts';

export const changeTools: Tool[] = [
  listChanges,
  undoChange,
  redoChange,
  getNoteHistory,
  getNoteVersion,
  compareNoteVersions,
  restoreNoteVersion,
  saveNoteVersion,
];
