/**
 * Undo, redo and restoring a version, each done inside a session of its own so that it is a
 * journaled change too. Undo first checks that every path of the change is still in its
 * after-state and refuses, changing nothing, when one moved on; then it takes the steps back,
 * newest first, through the recording host. Redo is the undo of the undo that undid a change.
 * If any step fails, the session's rollback puts back what this undo had already done.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { ToolPermit } from './change-access.ts';
import type { ChangeLog } from './change-log.ts';
import { ABSENT, FOLDER, type Change, type Step } from './change-record.ts';
import type { ChangeSession } from './change-session.ts';
import { fileChanges, type ChangeViews } from './change-listing.ts';
import { stateOf } from './path-state.ts';
import { assertRecordSafe } from './record-check.ts';
import {
  assertKept,
  restoreImage,
  restoreStep,
  type Expected,
  type RestoreImages,
} from './step-restore.ts';

export interface Reverter {
  log: ChangeLog;
  views: ChangeViews;
  images: RestoreImages;
  session: ChangeSession;
  /** The session's recording host: what an undo writes is journaled. */
  recording: VaultHost;
  /** The caller's scope: the tools whose writes this undo may make. */
  permit: ToolPermit;
}

export interface UndoResult extends Record<string, unknown> {
  undone: string;
  /** The change this undo is, in the journal. */
  change: string;
  files: string[];
}

export interface RedoResult extends Record<string, unknown> {
  redone: string;
  change: string;
  files: string[];
}

export interface RestoreResult extends Record<string, unknown> {
  path: string;
  restoredFrom: string;
  revision: string;
  change: string;
}

export async function undoChange(reverter: Reverter, id: string): Promise<UndoResult> {
  const change = reverter.views.require(id);
  if (change.pin !== undefined) {
    throw new ToolError(
      'invalid_arguments',
      `Change ${id} pinned a version of a note and changed nothing; there is nothing to undo.`,
      { change: id },
    );
  }
  const undoneBy = reverter.log.undoneBy(id);
  if (undoneBy !== null) {
    throw new ToolError(
      'precondition_failed',
      `Change ${id} is already undone (by change ${undoneBy.id}); redo_change brings it back.`,
      { change: id, undoneBy: undoneBy.id },
    );
  }
  await revert(reverter, change);
  return { undone: id, change: reverter.session.id, files: touchedFiles(change) };
}

export async function redoChange(reverter: Reverter, id: string): Promise<RedoResult> {
  const change = reverter.views.require(id);
  const undo = reverter.log.undoneBy(id);
  if (undo === null) {
    throw new ToolError(
      'precondition_failed',
      `Change ${id} is in effect, not undone; there is nothing to redo.`,
      { change: id },
    );
  }
  await revert(reverter, reverter.views.require(undo.id));
  return { redone: id, change: reverter.session.id, files: touchedFiles(change) };
}

export async function restoreVersion(
  reverter: Reverter,
  path: string,
  id: string,
  expectedRevision: string | undefined,
): Promise<RestoreResult> {
  const { change, image } = reverter.views.versionBefore(path, id);
  if (image !== null)
    assertRecordSafe(
      change,
      [{ step: 'put', path, before: image }],
      {},
      reverter.recording.configDir,
    );
  if (image === null || image.kind !== 'file') {
    throw new ToolError(
      'invalid_arguments',
      image === null
        ? `Change ${id} only moved ${path}; its text was the same after it. Pick another version from get_note_history.`
        : `${path} did not exist before change ${id}; delete_vault_file removes it.`,
      { path, change: id },
    );
  }
  const current = await stateOf(reverter.session.host, path);
  if (current === FOLDER)
    throw new ToolError('not_a_file', `${path} is a folder now; the note cannot return there.`);
  if (expectedRevision !== undefined && current !== expectedRevision) {
    throw new ToolError(
      'precondition_failed',
      `${path} changed since revision ${expectedRevision}; read it again, then restore.`,
      { path, currentRevision: current === ABSENT ? null : current, expectedRevision },
    );
  }
  assertKept(path, image);
  reverter.permit(WRITES.createFile);
  await restoreImage(reverter.recording, path, image, reverter.images, current);
  return { path, restoredFrom: change, revision: image.revision, change: reverter.session.id };
}

/** Takes every step of `change` back, after checking nothing moved on since. */
async function revert(reverter: Reverter, change: Change): Promise<void> {
  // Checked when read, and again here: nothing a record names is touched before it passes.
  assertRecordSafe(change.id, change.steps, change.after, reverter.recording.configDir);
  const moved: { path: string; expected: string; current: string }[] = [];
  for (const [path, expected] of Object.entries(change.after)) {
    const current = await stateOf(reverter.session.host, path);
    if (current !== expected) moved.push({ path, expected, current });
  }
  if (moved.length > 0) {
    const names = moved.map((file) => file.path).join(', ');
    throw new ToolError(
      'precondition_failed',
      `Nothing was undone: ${names} changed since change ${change.id}. Undo the later changes first (list_changes with path shows them), or edit by hand.`,
      { change: change.id, files: moved },
    );
  }
  for (const step of change.steps) {
    if (step.step === 'put' && step.before.kind === 'file') assertKept(step.path, step.before);
  }
  for (const tool of await toolsToRevert(reverter.session.host, change.steps))
    reverter.permit(tool);
  // Each step re-checks its path against what the newer steps left (the after-state first).
  const expected: Expected = new Map(Object.entries(change.after));
  for (const step of [...change.steps].reverse()) {
    await restoreStep(reverter.recording, step, reverter.images, expected);
  }
  reverter.session.undoes = change.id;
}

function touchedFiles(change: Change): string[] {
  return fileChanges(change).map((file) => file.path);
}

/** The tools whose writes taking a step back makes. */
const WRITES = {
  createFile: 'create_vault_file',
  createFolder: 'create_vault_directory',
  deleteFile: 'delete_vault_file',
  deleteFolder: 'delete_vault_directory',
  move: 'rename_vault_file',
} as const;

/**
 * The tools an undo of these steps writes as (ADR-0041): moving back is a rename; removing what
 * the change created is a delete; bringing back a file, or its earlier text, is what
 * create_vault_file does (edit_vault_files' replace is that tool too); bringing back a folder
 * is create_vault_directory. The caller must be allowed each one, as if it called it.
 */
async function toolsToRevert(host: VaultHost, steps: readonly Step[]): Promise<Set<string>> {
  const tools = new Set<string>();
  for (const step of steps) {
    if (step.step === 'move') {
      tools.add(WRITES.move);
      continue;
    }
    const now = await stateOf(host, step.path);
    if (step.before.kind === 'absent') {
      if (now !== ABSENT) tools.add(now === FOLDER ? WRITES.deleteFolder : WRITES.deleteFile);
    } else if (step.before.kind === 'folder') {
      if (now !== FOLDER) tools.add(WRITES.createFolder);
    } else if (now !== step.before.revision) tools.add(WRITES.createFile);
  }
  return tools;
}
