/**
 * The journal as callers see it: changes newest first, each with its files and whether it is
 * undone, and one note's versions. Hidden folders apply exactly as to the vault: a change that
 * touched a hidden path is not there at all, and a hidden note has no history, in the very words
 * a note that never existed gets.
 */
import { ToolError } from '@mcp-connector/shared';
import { ABSENT, type Change, type Image, type Step } from './change-record.ts';
import type { ChangeLog } from './change-log.ts';
import { changePaths } from './change-record.ts';
import { invalidRecord } from './record-check.ts';

const FILES_PER_CHANGE = 20;

export interface FileChange {
  path: string;
  /** `pinned`: the change kept the note's text as a pinned version and wrote nothing. */
  action: 'created' | 'modified' | 'deleted' | 'moved' | 'pinned';
  /** For a move: where it was. */
  from?: string;
  folder?: true;
}

export interface ListedChange {
  id: string;
  time: string;
  token: string;
  tokenId: string | null;
  tool: string;
  summary: string;
  files: FileChange[];
  fileCount: number;
  undone: boolean;
  undoneBy?: string;
  undoes?: string;
  interrupted?: true;
}

export interface ChangeFilter {
  path?: string;
  /** A token's id or label. */
  token?: string;
  tool?: string;
  since?: string;
  until?: string;
}

export interface NoteVersion {
  change: string;
  time: string;
  token: string;
  tool: string;
  /** The note's path before this change, when the change moved it. */
  from?: string;
  /** The note before the change; null when the change created it. */
  revisionBefore: string | null;
  /** The note after the change; null when the change deleted it or moved it away. */
  revisionAfter: string | null;
  /** Whether restore_note_version can bring back the text from before this change. */
  restorable: boolean;
  /** A pinned version (save_note_version): its text is the note's at that time; never pruned. */
  pinned?: true;
  /** The pinned version's label: the version tools take it in place of the change id. */
  label?: string;
}

/** One note's version just before a change: where it was and the image kept of it. */
export interface VersionBefore {
  /** The change, found by its id or its pinned label. */
  change: string;
  path: string;
  /** Null when the change only moved the note (its text was the same after). */
  image: Image | null;
}

export class ChangeViews {
  constructor(
    private readonly log: ChangeLog,
    private readonly isHidden: (path: string) => boolean,
  ) {}

  /** A visible change by id; `invalid_journal_record` when set aside, `not_found` otherwise. */
  require(id: string): Change {
    const change = this.log.get(id);
    if (change !== null && this.isVisible(change)) return change;
    const problem = this.log.refused.get(id);
    if (problem !== undefined) throw invalidRecord(id, problem);
    throw new ToolError('not_found', `No change ${id}; list_changes shows the journal.`, { id });
  }

  list(filter: ChangeFilter): ListedChange[] {
    const since = timeArgument('since', filter.since);
    const until = timeArgument('until', filter.until);
    return this.newestFirst()
      .filter((change) => matches(change, filter, since, until))
      .map((change) => this.listed(change));
  }

  listed(change: Change): ListedChange {
    const files = fileChanges(change);
    const undoneBy = this.log.undoneBy(change.id);
    return {
      id: change.id,
      time: change.time,
      token: change.actor.label,
      tokenId: change.actor.tokenId,
      tool: change.tool,
      summary: change.summary,
      files: files.slice(0, FILES_PER_CHANGE),
      fileCount: files.length,
      undone: undoneBy !== null,
      ...(undoneBy !== null && { undoneBy: undoneBy.id }),
      ...(change.undoes !== undefined && { undoes: change.undoes }),
      ...(change.interrupted === true && { interrupted: true }),
    };
  }

  /** The note's versions, newest first, following it back through renames. */
  history(path: string, exists: boolean): NoteVersion[] {
    const lineage = this.isHidden(path) ? [] : this.lineage(path);
    if (lineage.length === 0 && (!exists || this.isHidden(path))) {
      throw new ToolError(
        'not_found',
        `No file or journaled history for ${path}; list_changes shows what the journal holds.`,
        { path },
      );
    }
    return lineage.map(({ change, before, after }) => {
      const revisionAfter = revisionIn(change.after[after]);
      return {
        change: change.id,
        time: change.time,
        token: change.actor.label,
        tool: change.tool,
        ...(before.path !== after && { from: before.path }),
        // A change that only moved the note kept no image: its text was the same after.
        revisionBefore: before.image === null ? revisionAfter : imageRevision(before.image),
        revisionAfter,
        restorable: before.image?.kind === 'file' && before.image.blob !== null,
        ...(change.pin !== undefined && { pinned: true as const }),
        ...(change.pin?.label !== undefined && { label: change.pin.label }),
      };
    });
  }

  /** The note at `path` as it was just before change `id` (or the version pinned as `id`). */
  versionBefore(path: string, id: string): VersionBefore {
    const lineage = this.isHidden(path) ? [] : this.lineage(path);
    const entry = findVersion(lineage, id, ({ change }) => ({
      id: change.id,
      label: change.pin?.label,
    }));
    if (entry === undefined) {
      throw new ToolError(
        'not_found',
        `Change ${id} is not in the history of ${path}; get_note_history lists its versions.`,
        { path, change: id },
      );
    }
    return { change: entry.change.id, ...entry.before };
  }

  /**
   * The versions of the note now at `path`, newest first, through every change (ADR-0041). The
   * walk stops where the note's past leaves what this caller may see: at a change that touched a
   * hidden path on its way, and where the thing then at the path was moved away (the note now
   * there came later; the one before is another note, elsewhere now, perhaps hidden).
   */
  private lineage(path: string): LineageEntry[] {
    const entries: LineageEntry[] = [];
    let current = path;
    for (const change of this.log.changes().reverse()) {
      const before = pathBefore(change.steps, current);
      const touched = before !== current || changePaths(change).includes(current);
      if (!this.isVisible(change)) {
        if (touched) break;
        continue;
      }
      if (before === current && movedAway(change.steps, current)) break;
      const image = firstImage(change.steps, current, before);
      if (image !== null || before !== current) {
        entries.push({ change, before: { path: before, image }, after: current });
      }
      current = before;
    }
    return entries;
  }

  private newestFirst(): Change[] {
    return this.log
      .changes()
      .filter((change) => this.isVisible(change))
      .reverse();
  }

  isVisible(change: Change): boolean {
    return !changePaths(change).some((path) => this.isHidden(path));
  }
}

interface LineageEntry {
  change: Change;
  before: Omit<VersionBefore, 'change'>;
  after: string;
}

/**
 * The version named `ref` among a note's versions (newest first): the change with that id, or
 * else the newest pinned with that label.
 */
export function findVersion<T>(
  versions: readonly T[],
  ref: string,
  names: (version: T) => { id: string; label: string | undefined },
): T | undefined {
  return (
    versions.find((version) => names(version).id === ref) ??
    versions.find((version) => names(version).label === ref)
  );
}

function matches(change: Change, filter: ChangeFilter, since: number | null, until: number | null) {
  const time = Date.parse(change.time);
  if (since !== null && time < since) return false;
  if (until !== null && time > until) return false;
  if (filter.tool !== undefined && change.tool !== filter.tool) return false;
  if (filter.token !== undefined) {
    const token = filter.token.toLowerCase();
    if (change.actor.tokenId !== filter.token && change.actor.label.toLowerCase() !== token)
      return false;
  }
  if (filter.path !== undefined) {
    const path = filter.path;
    const touches = (p: string) => p === path || p.startsWith(`${path}/`);
    if (!changePaths(change).some(touches)) return false;
  }
  return true;
}

function timeArgument(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new ToolError(
      'invalid_arguments',
      `${name} is not a date; give an ISO time such as 2026-01-31T09:00:00Z.`,
      { [name]: value },
    );
  }
  return time;
}

/** What each path went through in the change, in first-touched order. */
export function fileChanges(change: Change): FileChange[] {
  const files: FileChange[] = [];
  const seen = new Set<string>();
  for (const step of change.steps) {
    if (step.step === 'move') {
      files.push({ path: step.to, action: 'moved', from: step.from });
      seen.add(step.to).add(step.from);
      continue;
    }
    if (seen.has(step.path)) continue;
    seen.add(step.path);
    if (change.pin !== undefined) {
      files.push({ path: step.path, action: 'pinned' });
      continue;
    }
    const after = change.after[step.path] ?? ABSENT;
    const action =
      step.before.kind === 'absent' ? 'created' : after === ABSENT ? 'deleted' : 'modified';
    const folder = step.before.kind === 'folder' || after === 'folder';
    files.push({ path: step.path, action, ...(folder && { folder: true as const }) });
  }
  return files;
}

/** Where the thing at `path` after these steps was before them (moves undone, newest first). */
function pathBefore(steps: readonly Step[], path: string): string {
  let current = path;
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index] as Step;
    if (step.step !== 'move') continue;
    if (current === step.to) current = step.from;
    else if (current.startsWith(`${step.to}/`)) current = step.from + current.slice(step.to.length);
  }
  return current;
}

/** The earliest image the change kept of the note: at its path before the change, or after a move. */
function firstImage(steps: readonly Step[], after: string, before: string): Image | null {
  for (const step of steps) {
    if (step.step === 'put' && (step.path === before || step.path === after)) return step.before;
  }
  return null;
}

function imageRevision(image: Image): string | null {
  return image.kind === 'file' ? image.revision : null;
}

function revisionIn(state: string | undefined): string | null {
  return state === undefined || state === ABSENT || state === 'folder' ? null : state;
}

/** Whether these steps moved `path` (or a folder holding it) elsewhere. */
function movedAway(steps: readonly Step[], path: string): boolean {
  return steps.some(
    (step) => step.step === 'move' && (path === step.from || path.startsWith(`${step.from}/`)),
  );
}
