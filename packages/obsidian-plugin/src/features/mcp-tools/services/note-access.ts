/**
 * Reading and editing one file the way every tool must: the path argument validated, a missing
 * file reported with the next call to make, reads returning the revision, and edits applied
 * atomically under the host's write lock with an optional `expectedRevision` check inside the
 * same lock, so two agents never overwrite each other's edits unseen.
 */
import { keepLineEndings } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { normalizeFolderPath, normalizeVaultPath } from '../../../host/vault-path.ts';
import { fileKind } from '../../../host/file-kinds.ts';
import { revisionOf } from './revision.ts';

export interface TextSnapshot {
  file: VaultFile;
  content: string;
  revision: string;
}

/** The normalised path of an existing file; `not_found` (or "it is a folder") otherwise. */
export function requireFile(host: VaultHost, rawPath: string): VaultFile {
  const path = normalizeVaultPath(rawPath, host.configDir);
  const file = host.getFile(path);
  if (file !== null) return file;
  if (host.getFolder(path) !== null) {
    throw new ToolError('not_a_file', `${path} is a folder; list it with list_vault_files.`, {
      path,
    });
  }
  throw new ToolError(
    'not_found',
    `No file ${path}; list_vault_files or search_vault_simple finds what exists.`,
    { path },
  );
}

/** The normalised path of an existing folder ('' for the vault root); `not_found` / `not_a_folder` otherwise. */
export function requireFolder(host: VaultHost, rawPath: string): string {
  const folder = normalizeFolderPath(rawPath, host.configDir);
  if (folder === '' || host.getFolder(folder) !== null) return folder;
  if (host.getFile(folder) !== null) {
    throw new ToolError('not_a_folder', `${folder} is a file, not a folder; give its folder.`, {
      folder,
    });
  }
  throw new ToolError('not_found', `No folder ${folder}; list_vault_files shows what exists.`, {
    folder,
  });
}

/** The path of the note open in Obsidian (headless: the last one shown); `no_active_file` otherwise. */
export function requireActiveFile(host: VaultHost): VaultFile {
  const path = host.getActiveFile();
  const file = path === null ? null : host.getFile(path);
  if (file === null) {
    throw new ToolError(
      'no_active_file',
      'No note is active. Open one with show_file_in_obsidian, or use the path-based tools.',
    );
  }
  return file;
}

export async function readText(host: VaultHost, file: VaultFile): Promise<TextSnapshot> {
  const content = await host.read(file.path);
  return { file, content, revision: revisionOf(content) };
}

/**
 * Applies `change` to the current text atomically, in the note's own line-ending style (a CRLF
 * note stays CRLF). With `expectedRevision`, nothing is written unless the text is still that
 * revision (`precondition_failed` carries the current one).
 * Returns the new revision and whether anything changed.
 */
export async function editText(
  host: VaultHost,
  file: VaultFile,
  change: (content: string) => string,
  expectedRevision?: string,
): Promise<{ revision: string; changed: boolean }> {
  let changed = false;
  const next = await host.process(file.path, (current) => {
    assertRevision(file.path, current, expectedRevision);
    const updated = keepLineEndings(current, change(current));
    changed = updated !== current;
    return updated;
  });
  return { revision: revisionOf(next), changed };
}

export function assertRevision(
  path: string,
  current: string,
  expectedRevision: string | undefined,
): void {
  if (expectedRevision === undefined) return;
  const currentRevision = revisionOf(current);
  if (currentRevision !== expectedRevision) {
    throw new ToolError(
      'precondition_failed',
      `${path} changed since revision ${expectedRevision}; read it again and redo the edit on the current text.`,
      { path, currentRevision, expectedRevision },
    );
  }
}

/** The revision tools report for a file: of its text for text files, of its bytes otherwise. */
export async function currentRevision(host: VaultHost, file: VaultFile): Promise<string> {
  return fileKind(file.extension).kind === 'text'
    ? revisionOf(await host.read(file.path))
    : revisionOf(await host.readBinary(file.path));
}

/** `precondition_failed` unless the file (text or binary) is at `expectedRevision`. */
export async function assertFileRevision(
  host: VaultHost,
  file: VaultFile,
  expectedRevision: string | undefined,
): Promise<void> {
  if (expectedRevision === undefined) return;
  const current = await currentRevision(host, file);
  if (current !== expectedRevision) {
    throw new ToolError(
      'precondition_failed',
      `${file.path} changed since revision ${expectedRevision}; read it again first.`,
      { path: file.path, currentRevision: current, expectedRevision },
    );
  }
}
