/**
 * Which files a vault-wide tool looks at. `scope` names an existing note (or other file), which
 * alone is looked at, or an existing folder, whose files at any depth are; omitted, '' or '/'
 * mean the whole vault. `exclude_folders` drops the files under each folder named (a folder that
 * does not exist excludes nothing, so a standard list works on any vault).
 * Invariant: every path argument goes through the vault path gate (`invalid_path`).
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { byCodeUnits, normalizeFolderPath } from '../../../host/vault-path.ts';
import { isNote } from './note-files.ts';

export interface FileScope {
  /** The normalised scope: '' for the vault, else a folder or file path. */
  scope: string;
  kind: 'vault' | 'folder' | 'file';
  includes(path: string): boolean;
}

export function resolveScope(host: VaultHost, raw: string | undefined): FileScope {
  const scope = normalizeFolderPath(raw ?? '', host.configDir);
  if (scope === '') return { scope, kind: 'vault', includes: () => true };
  if (host.getFile(scope) !== null) {
    return { scope, kind: 'file', includes: (path) => path === scope };
  }
  if (host.getFolder(scope) !== null) {
    return { scope, kind: 'folder', includes: (path) => path.startsWith(`${scope}/`) };
  }
  throw new ToolError(
    'not_found',
    `No note or folder ${scope}; omit scope for the whole vault, or list_vault_files to see what exists.`,
    { scope },
  );
}

/** Whether a path lies under one of the excluded folders. */
export function excludedFolders(
  host: VaultHost,
  raw: readonly string[] | undefined,
): (path: string) => boolean {
  const prefixes = (raw ?? []).map((folder) => {
    const path = normalizeFolderPath(folder, host.configDir);
    if (path === '') {
      throw new ToolError(
        'invalid_arguments',
        'exclude_folders cannot name the vault root; list the folders to skip.',
      );
    }
    return `${path}/`;
  });
  return (path) => prefixes.some((prefix) => path.startsWith(prefix));
}

/** The notes (Markdown files) in scope and not excluded, sorted by path. */
export function notesIn(
  host: VaultHost,
  scope: FileScope,
  excluded: (path: string) => boolean = () => false,
): VaultFile[] {
  return host
    .listFiles()
    .filter((file) => isNote(file) && scope.includes(file.path) && !excluded(file.path))
    .sort((a, b) => byCodeUnits(a.path, b.path));
}
