/**
 * Whole-file edits shared by the path-based and the active-file tools: replace a file's text,
 * append to it, move it to the trash. Each runs atomically under the host's write lock, checks
 * `expectedRevision` inside it, and returns the new revision.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { fileKind } from '../../../host/file-kinds.ts';
import { assertFileRevision, editText } from './note-access.ts';

export function requireTextFile(file: VaultFile): VaultFile {
  if (fileKind(file.extension).kind !== 'text') {
    throw new ToolError(
      'unsupported',
      `${file.path} is not a text file; text tools cannot edit it.`,
      { path: file.path },
    );
  }
  return file;
}

export async function replaceText(
  host: VaultHost,
  file: VaultFile,
  content: string,
  expectedRevision?: string,
) {
  const { revision } = await editText(host, requireTextFile(file), () => content, expectedRevision);
  return { path: file.path, revision };
}

/** Appends on a new line: a text that does not end with a line break gets one first. */
export async function appendText(
  host: VaultHost,
  file: VaultFile,
  content: string,
  expectedRevision?: string,
) {
  const { revision } = await editText(
    host,
    requireTextFile(file),
    (current) => joinAppended(current, content),
    expectedRevision,
  );
  return { path: file.path, revision };
}

export function joinAppended(current: string, addition: string): string {
  if (current === '' || current.endsWith('\n')) return current + addition;
  return `${current}\n${addition}`;
}

/** Moves a file to the trash the user chose; `expectedRevision` guards against deleting unseen edits. */
export async function trashFile(host: VaultHost, file: VaultFile, expectedRevision?: string) {
  await assertFileRevision(host, file, expectedRevision);
  await host.trashFile(file.path);
  return { path: file.path, trashed: true };
}

/** A revision names an existing text: expecting one for a file that does not exist fails. */
export function refuseRevisionForMissing(path: string, expectedRevision: string | undefined): void {
  if (expectedRevision === undefined) return;
  throw new ToolError(
    'precondition_failed',
    `${path} does not exist, so it cannot be at revision ${expectedRevision}.`,
    {
      path,
      currentRevision: null,
    },
  );
}
