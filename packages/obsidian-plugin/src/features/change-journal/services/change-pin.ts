/**
 * Pinning a version (save_note_version): the note's present text is kept as a change of one step
 * that writes nothing, its before-image the text and its after-state the same revision, marked
 * `pin` (with a label when given). Every version tool then reads it as any other version, by its
 * change id or its label; compaction never prunes it (journal-bounds.ts), and undo refuses it,
 * having nothing to take back. A label names one version of a note's lineage: a second is refused.
 */
import { ToolError } from '@mcp-connector/shared';
import type { Reverter } from './change-undo.ts';
import { isTextFile } from './path-state.ts';

export interface PinResult extends Record<string, unknown> {
  path: string;
  /** The change that is the pinned version: the version tools take it, or its label. */
  change: string;
  revision: string;
  label?: string;
}

export async function pinVersion(
  reverter: Pick<Reverter, 'views' | 'session'>,
  path: string,
  label: string | undefined,
): Promise<PinResult> {
  const file = reverter.session.host.getFile(path);
  if (file === null) {
    throw new ToolError('not_found', `No note at ${path}; list_vault_files shows what is there.`, {
      path,
    });
  }
  if (!isTextFile(path)) {
    throw new ToolError('unsupported', `${path} is not a text file; only notes are pinned.`, {
      path,
    });
  }
  if (label !== undefined) requireFreeLabel(reverter, path, label);
  const image = await reverter.session.keep(file);
  if (image.kind !== 'file') throw new Error(`${path} was read as a file but kept as none`);
  reverter.session.pin = label === undefined ? {} : { label };
  return {
    path,
    change: reverter.session.id,
    revision: image.revision,
    ...(label !== undefined && { label }),
  };
}

function requireFreeLabel(reverter: Pick<Reverter, 'views'>, path: string, label: string): void {
  if (label.trim() === '') {
    throw new ToolError('invalid_arguments', 'label is empty; give a few words, or leave it out.');
  }
  const taken = reverter.views.history(path, true).find((version) => version.label === label);
  if (taken === undefined) return;
  throw new ToolError(
    'already_exists',
    `${path} already has a version labelled "${label}" (change ${taken.change}); choose another label.`,
    { path, label, change: taken.change },
  );
}
