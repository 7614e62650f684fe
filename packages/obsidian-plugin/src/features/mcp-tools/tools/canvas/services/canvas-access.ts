/**
 * Reading and editing a canvas file the way every canvas tool must: the path validated and
 * ending in `.canvas`, the text parsed and checked as JSON Canvas, and edits computed from the
 * current text inside the host's atomic `editText` (so ids and free positions are chosen against
 * what is really there, and `expectedRevision` is checked under the write lock). A missing canvas
 * is created when the tool allows it; concurrent creators make it once and the rest edit it.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../../host/vault-path.ts';
import { editText, readText, requireFile } from '../../../services/note-access.ts';
import { revisionOf } from '../../../services/revision.ts';
import { parseCanvas, type CanvasDocument } from './canvas-document.ts';

/** An edit: the new text of the canvas, and what the tool reports about it. */
export type CanvasEdit<T> = (canvas: CanvasDocument, path: string) => { text: string; value: T };

export interface CanvasEditResult<T> {
  path: string;
  revision: string;
  created: boolean;
  value: T;
}

export function requireCanvasPath(host: VaultHost, rawPath: string): string {
  const path = normalizeVaultPath(rawPath, host.configDir);
  if (!path.endsWith('.canvas')) {
    throw new ToolError(
      'invalid_arguments',
      `${path} is not a canvas; give a path ending in ".canvas".`,
      {
        path,
      },
    );
  }
  return path;
}

export async function readCanvas(host: VaultHost, rawPath: string) {
  const file = requireFile(host, requireCanvasPath(host, rawPath));
  const { content, revision } = await readText(host, file);
  return { path: file.path, revision, canvas: parseCanvas(file.path, content) };
}

export async function editCanvas<T>(
  host: VaultHost,
  rawPath: string,
  options: { createIfMissing: boolean; expectedRevision: string | undefined },
  edit: CanvasEdit<T>,
): Promise<CanvasEditResult<T>> {
  const path = requireCanvasPath(host, rawPath);
  const existing = host.getFile(path);
  if (existing !== null) return editExisting(host, existing, options.expectedRevision, edit);
  // Fails with not_found, or not_a_file for a folder.
  if (!options.createIfMissing || host.getFolder(path) !== null) requireFile(host, path);
  if (options.expectedRevision !== undefined) {
    throw new ToolError(
      'precondition_failed',
      `${path} does not exist, so it cannot be at revision ${options.expectedRevision}; drop expectedRevision to create it.`,
      { path, currentRevision: null },
    );
  }
  const { text, value } = edit(parseCanvas(path, ''), path);
  try {
    const file = await host.create(path, text);
    return { path: file.path, revision: revisionOf(text), created: true, value };
  } catch (error) {
    const raced = host.getFile(path);
    if (!(error instanceof ToolError) || error.code !== 'already_exists' || raced === null)
      throw error;
    return editExisting(host, raced, undefined, edit);
  }
}

async function editExisting<T>(
  host: VaultHost,
  file: VaultFile,
  expectedRevision: string | undefined,
  edit: CanvasEdit<T>,
): Promise<CanvasEditResult<T>> {
  const outcome: { value?: T } = {};
  const { revision } = await editText(
    host,
    file,
    (current) => {
      const { text, value } = edit(parseCanvas(file.path, current), file.path);
      outcome.value = value;
      return text;
    },
    expectedRevision,
  );
  return { path: file.path, revision, created: false, value: outcome.value as T };
}
