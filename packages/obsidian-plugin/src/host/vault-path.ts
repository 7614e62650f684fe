/**
 * The one gate every path argument passes through. A path that could leave the vault, reach the
 * config folder or a hidden dot-entry, or smuggle either in URL-encoded form, is refused with
 * `invalid_path` before any host sees it. Accepted paths come out normalised: NFC, forward
 * slashes, no `.` segments, no leading, trailing or doubled slashes.
 */
import { ToolError } from '@mcp-connector/shared';

const MAX_PATH_LENGTH = 1024;
/** What file systems allow for one file or folder name (ext4, APFS, NTFS: 255 bytes or units). */
const MAX_NAME_BYTES = 255;
const utf8 = new TextEncoder();
const ENCODED_SEPARATOR_OR_DOT = /%(2e|2f|5c|00)/i;

function refuse(input: string, reason: string): never {
  throw new ToolError('invalid_path', `Invalid path "${input}": ${reason}.`, { path: input });
}

/** Normalises a path to a file or folder inside the vault; the root itself is refused. */
export function normalizeVaultPath(input: string, configDir: string): string {
  const path = normalizeFolderPath(input, configDir);
  if (path === '') refuse(input, 'the vault root is not a file; give a vault-relative path');
  return path;
}

/** Like normalizeVaultPath, but '', '/' and '.' mean the vault root and return ''. */
export function normalizeFolderPath(input: string, configDir: string): string {
  if (input.length > MAX_PATH_LENGTH) refuse(input.slice(0, 80), 'longer than 1024 characters');
  if (input.includes('\0')) refuse(input, 'contains a NUL character');
  if (input.includes('\\')) refuse(input, 'use forward slashes, not backslashes');
  if (/^[a-zA-Z]:/.test(input)) refuse(input, 'absolute paths are not allowed');
  if (input.startsWith('/') && input.replace(/^\/+/, '') !== '') {
    refuse(input, 'absolute paths are not allowed; drop the leading "/"');
  }
  if (ENCODED_SEPARATOR_OR_DOT.test(input)) refuse(input, 'URL-encoded dots or slashes');
  const segments = input
    .normalize('NFC')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  for (const segment of segments) {
    if (segment === '..') refuse(input, '".." would leave the vault');
    if (segment.toLowerCase() === configDir.toLowerCase()) {
      refuse(input, `the config folder ${configDir} is not part of the vault`);
    }
    if (segment.startsWith('.')) refuse(input, 'names starting with "." are hidden from the vault');
    const bytes = utf8.encode(segment).length;
    if (bytes > MAX_NAME_BYTES)
      refuse(
        input.slice(0, 80),
        `a name is ${bytes} bytes in UTF-8, and file systems allow at most ${MAX_NAME_BYTES}; shorten it`,
      );
  }
  return segments.join('/');
}

/** Code-unit order of paths: cheap and the same on every host (listings sort by it). */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The order people read paths in: case-insensitive, numbers by value, ties by code units. */
export function byName(a: string, b: string): number {
  return naturalOrder.compare(a, b) || byCodeUnits(a, b);
}

/**
 * The order list_vault_files gives a folder's entries in: folders (their paths ending in '/')
 * first, then files, each by name.
 */
export function byFolderEntry(a: string, b: string): number {
  const aFolder = a.endsWith('/');
  return aFolder === b.endsWith('/') ? byName(a, b) : aFolder ? -1 : 1;
}

/** The parent folder of a normalised path ('' for the root). */
export function parentFolder(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Splits a file name into its basename and extension, as Obsidian does. */
export function splitFileName(name: string): { basename: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { basename: name, extension: '' };
  return { basename: name.slice(0, dot), extension: name.slice(dot + 1) };
}
