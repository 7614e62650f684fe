/**
 * A note's text at a point of its journaled history, read without restoring anything: just
 * before a change (that change's before-image), or just after it (the before-image of the next
 * change to the note, or the note as it is now when no later change touched it). A text after a
 * change is given only when its revision is the one the change left: a note edited outside the
 * journal in between (by hand in Obsidian, by another program) has no kept text for that moment
 * (ADR-0034).
 */
import { ToolError, revisionOf } from '@mcp-connector/shared';
import type { VaultHost } from '../../../host/vault-host.ts';
import { findVersion, type ChangeViews, type NoteVersion } from './change-listing.ts';
import { imageBytes, type RestoreImages } from './step-restore.ts';
import { isTextFile } from './path-state.ts';

/** The note at one point of its history; `text` is null where there was no note. */
export interface NoteText {
  /** The change asked for (by its id or its pinned label). */
  change: string;
  /** Where the note was at that point. */
  path: string;
  revision: string | null;
  text: string | null;
}

export interface VersionSources {
  views: ChangeViews;
  images: RestoreImages;
  /** The vault now, for the text after the newest change. */
  host: VaultHost;
}

// As hosts read notes: a byte-order mark is dropped, bytes that are not UTF-8 show as U+FFFD.
const decoder = new TextDecoder('utf-8');

/**
 * The note's text just before change `id` (or the version pinned as `id`); `not_found` when the
 * change is not in its history.
 */
export async function textBefore(
  sources: VersionSources,
  path: string,
  id: string,
): Promise<NoteText> {
  requireText(path);
  const history = sources.views.history(path, sources.host.getFile(path) !== null);
  const index = indexOf(history, path, id);
  const text = await textBeforeAt(sources, path, history, index);
  return { ...text, change: (history[index] as NoteVersion).change };
}

/** The note's text just after change `id`, or `not_found` when that text was not kept. */
export async function textAfter(
  sources: VersionSources,
  path: string,
  id: string,
): Promise<NoteText> {
  requireText(path);
  const history = sources.views.history(path, sources.host.getFile(path) !== null);
  const index = indexOf(history, path, id);
  const version = history[index] as NoteVersion;
  const after =
    index === 0
      ? await textNow(sources.host, path)
      : await textBeforeAt(sources, path, history, index - 1);
  if (after.revision === version.revisionAfter) return { ...after, change: version.change };
  throw new ToolError(
    'not_found',
    `The text of ${path} right after change ${id} was not kept: the note was edited outside the journal after it. Compare up to now (leave out to), or read a version with get_note_version.`,
    { path, change: id },
  );
}

/** The text before the `index`th version (newest first); after it, for a change that only moved it. */
async function textBeforeAt(
  sources: VersionSources,
  path: string,
  history: readonly NoteVersion[],
  index: number,
): Promise<Omit<NoteText, 'change'>> {
  const version = history[index] as NoteVersion;
  const { path: where, image } = sources.views.versionBefore(path, version.change);
  if (image === null) {
    const after =
      index === 0
        ? await textNow(sources.host, path)
        : await textBeforeAt(sources, path, history, index - 1);
    return { ...after, path: where };
  }
  const at = { path: where };
  if (image.kind === 'absent') return { ...at, revision: null, text: null };
  if (image.kind === 'folder') {
    throw new ToolError('not_a_file', `${where} was a folder before change ${version.change}.`, {
      path: where,
    });
  }
  const text = decoder.decode(await imageBytes(where, image, sources.images));
  return { ...at, revision: revisionOf(text), text };
}

async function textNow(host: VaultHost, path: string): Promise<Omit<NoteText, 'change'>> {
  if (host.getFile(path) === null) return { path, revision: null, text: null };
  const text = await host.read(path);
  return { path, revision: revisionOf(text), text };
}

function indexOf(history: readonly NoteVersion[], path: string, id: string): number {
  const version = findVersion(history, id, (candidate) => ({
    id: candidate.change,
    label: candidate.label,
  }));
  if (version !== undefined) return history.indexOf(version);
  throw new ToolError(
    'not_found',
    `Change ${id} is not in the history of ${path}; get_note_history lists its versions.`,
    { path, change: id },
  );
}

function requireText(path: string): void {
  if (isTextFile(path)) return;
  throw new ToolError('unsupported', `${path} is not a text file; its versions have no text.`, {
    path,
  });
}
