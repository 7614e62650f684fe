/**
 * Links as the user's app.json settings write them: Obsidian's `fileToLinktext` (the linkpath
 * naming a file from a note) and `generateMarkdownLink` (a whole link).
 * - `newLinkFormat`: `shortest` is the name alone when no other file shares it and it resolves
 *   to the target from the source, else the vault path; `relative` starts with `./` or `../`
 *   (exact, so the resolver never picks another file); `absolute` is the vault path.
 * - Wikilinks drop `.md` from notes; markdown links keep every extension and are
 *   percent-encoded (spaces, `%`, non-ASCII, `#`, ...) so the destination parses back unchanged.
 * - As in Obsidian, a link to a file that is not a note is an embed (`![[a.png]]`, `![](a.png)`).
 * Invariant: `shortest` only yields a bare name that resolves to the target from the source;
 * a rename still checks every linkpath it writes before using it.
 */
import { nameKey, parentFolderOf } from '../links/index.ts';
import type { AppSettings } from './app-settings.ts';

/** What link writing needs of a vault: its app.json settings, its files and link resolution. */
export interface LinkVault {
  appSettings(): AppSettings;
  readonly index: { getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null };
  listFiles(): readonly { path: string }[];
}

export type LinkFormat = AppSettings['newLinkFormat'];

export interface LinktextOptions {
  /** Defaults to the vault's `newLinkFormat`. */
  format?: LinkFormat;
  /** Keep `.md` on a note (markdown links always do). */
  keepExtension?: boolean;
}

export function isNote(path: string): boolean {
  return path.endsWith('.md');
}

/**
 * Names files from notes under one reading of the settings and the file list, so naming many
 * links (a rename) lists the vault once.
 */
export class LinktextWriter {
  readonly settings: AppSettings;
  private filesByNameCache: Map<string, number> | null = null;

  constructor(private readonly vault: LinkVault) {
    this.settings = vault.appSettings();
  }

  /** The linkpath for `targetPath` written in `sourcePath` (no subpath, not encoded). */
  linktext(targetPath: string, sourcePath: string, options: LinktextOptions = {}): string {
    const format = options.format ?? this.settings.newLinkFormat;
    const omitExtension = options.keepExtension !== true && isNote(targetPath);
    const path = omitExtension ? targetPath.slice(0, -'.md'.length) : targetPath;
    if (format === 'relative') return relativeLinkpath(parentFolderOf(sourcePath), path);
    if (format === 'shortest') {
      const name = path.slice(path.lastIndexOf('/') + 1);
      const resolves = this.vault.index.getFirstLinkpathDest(name, sourcePath) === targetPath;
      if (resolves && this.filesByName().get(nameKey(name)) === 1) return name;
    }
    return path;
  }

  private filesByName(): Map<string, number> {
    if (this.filesByNameCache === null) {
      this.filesByNameCache = new Map();
      for (const { path } of this.vault.listFiles()) {
        const key = nameKey(path);
        this.filesByNameCache.set(key, (this.filesByNameCache.get(key) ?? 0) + 1);
      }
    }
    return this.filesByNameCache;
  }
}

/** Obsidian's `fileToLinktext`: how a new link from `sourcePath` names `targetPath`. */
export function linktextFor(
  vault: LinkVault,
  targetPath: string,
  sourcePath: string,
  options: LinktextOptions = {},
): string {
  return new LinktextWriter(vault).linktext(targetPath, sourcePath, options);
}

/** Obsidian's `generateMarkdownLink` for an existing `targetPath`; `subpath` starts with `#`. */
export function generateMarkdownLink(
  vault: LinkVault,
  targetPath: string,
  sourcePath: string,
  subpath = '',
  alias = '',
): string {
  const writer = new LinktextWriter(vault);
  const embed = isNote(targetPath) ? '' : '!';
  if (writer.settings.useMarkdownLinks) {
    const linkpath = writer.linktext(targetPath, sourcePath, { keepExtension: true });
    const text = alias !== '' ? alias : isNote(targetPath) ? noteName(targetPath) : '';
    return `${embed}[${text}](${encodeLinkpath(linkpath)}${encodeSubpath(subpath)})`;
  }
  const linkpath = writer.linktext(targetPath, sourcePath);
  return `${embed}[[${linkpath}${subpath}${alias === '' ? '' : `|${alias}`}]]`;
}

/** The path from `folder` to `path`, always starting with `./` or `../`. */
export function relativeLinkpath(folder: string, path: string): string {
  const from = folder === '' ? [] : folder.split('/');
  const to = path.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  const rest = to.slice(common).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}

/**
 * A markdown link destination for a linkpath: `encodeURI` (spaces, `%`, non-ASCII, brackets)
 * plus `#`, which would start a subpath, and parentheses when unbalanced, which would end it.
 */
export function encodeLinkpath(linkpath: string): string {
  const encoded = encodeURI(linkpath).replaceAll('#', '%23');
  return hasBalancedParentheses(linkpath)
    ? encoded
    : encoded.replaceAll('(', '%28').replaceAll(')', '%29');
}

/** `#Heading one#Sub` as `#Heading%20one#Sub`; a block id keeps its `^`. */
export function encodeSubpath(subpath: string): string {
  return subpath
    .split('#')
    .map((part) =>
      part.startsWith('^') ? `^${encodeLinkpath(part.slice(1))}` : encodeLinkpath(part),
    )
    .join('#');
}

function hasBalancedParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function noteName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
}
