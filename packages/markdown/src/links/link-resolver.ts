/**
 * Resolves a linkpath from a source note to a vault file, by Obsidian's `getFirstLinkpathDest`
 * rules: matching ignores case and a missing `.md`; an empty linkpath is the source itself;
 * `./` and `../` are relative to the source's folder and `/` starts at the vault root (both exact);
 * otherwise a file at exactly that path wins, then, among the files whose path ends with the
 * linkpath, the one at that path from the source's folder (for a bare name: the file of that name
 * in the source's folder), then the shortest path, then the first alphabetically.
 * Invariant: it knows every vault file (attachments too), as spelled and indexed by `nameKey`,
 * so a lookup touches only the files that share the link's name. A vault resolves
 * hundreds of thousands of links at load: a lookup allocates next to nothing (each file's
 * lower-cased path is computed once, when it is added).
 */
import { joinRelative, parentFolderOf } from './linktext.ts';

interface KnownFile {
  path: string;
  lower: string;
}

function addTo(map: Map<string, KnownFile[]>, key: string, file: KnownFile): void {
  const files = map.get(key);
  if (files === undefined) map.set(key, [file]);
  else if (!files.some((known) => known.path === file.path)) files.push(file);
}

function removeFrom(map: Map<string, KnownFile[]>, key: string, path: string): void {
  const files = map.get(key);
  if (files === undefined) return;
  const index = files.findIndex((known) => known.path === path);
  if (index !== -1) files.splice(index, 1);
  if (files.length === 0) map.delete(key);
}

/** Among paths equal but for case: the one spelled like the link, else the first alphabetically. */
function preferred(candidates: readonly KnownFile[], spelledLikeLink: string): string {
  if (candidates.length === 1) return (candidates[0] as KnownFile).path;
  if (candidates.some((file) => file.path === spelledLikeLink)) return spelledLikeLink;
  return candidates.map((file) => file.path).sort()[0] as string;
}

/** Whether `lower` (a lower-cased path) ends with `/` + `tail`, or with `/` + `tail` + `.md`. */
function endsWithSegments(lower: string, tail: string): boolean {
  const withMd = lower.length - tail.length - 3;
  if (withMd > 0 && lower.endsWith('.md') && lower.charCodeAt(withMd - 1) === 47)
    if (lower.startsWith(tail, withMd)) return true;
  const plain = lower.length - tail.length;
  return plain > 0 && lower.charCodeAt(plain - 1) === 47 && lower.endsWith(tail);
}

export class LinkResolver {
  private readonly byNameKey = new Map<string, KnownFile[]>();
  /** Every path as it is spelled: `has` runs for every file and note while a vault loads. */
  private readonly paths = new Set<string>();
  /**
   * Linkpaths resolved whatever the source, as they resolve while no file is added or removed:
   * a vault's links name the same notes again and again, and a lookup here costs a tenth of a
   * resolution. Emptied when a file is added or removed, and by `forgetResolved`.
   */
  private readonly sourceFree = new Map<string, string | null>();

  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.addFile(path);
  }

  has(path: string): boolean {
    return this.paths.has(path);
  }

  addFile(path: string): void {
    if (this.paths.has(path)) return;
    this.paths.add(path);
    this.sourceFree.clear();
    const file = { path, lower: path.toLowerCase() };
    addTo(this.byNameKey, nameKeyOfLower(file.lower), file);
  }

  removeFile(path: string): void {
    if (!this.paths.delete(path)) return;
    this.sourceFree.clear();
    removeFrom(this.byNameKey, nameKeyOfLower(path.toLowerCase()), path); // as addFile keys it
  }

  /** The vault path a linkpath (a link without its `#subpath`) resolves to, or null. */
  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    if (linkpath === '') return this.has(sourcePath) ? sourcePath : null;
    if (linkpath.startsWith('./') || linkpath.startsWith('../')) {
      const joined = joinRelative(parentFolderOf(sourcePath), linkpath);
      return joined === null ? null : this.exactPath(joined);
    }
    if (linkpath.startsWith('/')) return this.exactPath(linkpath.slice(1));
    const known = this.sourceFree.get(linkpath);
    if (known !== undefined) return known;
    const lower = linkpath.toLowerCase();
    const exact = this.exactLower(linkpath, lower);
    if (exact !== null) return this.remember(linkpath, exact);
    // Every file whose path ends with the link shares its name key.
    const candidates = this.byNameKey.get(nameKeyOfLower(lower));
    if (candidates === undefined) return this.remember(linkpath, null);
    const matches = suffixMatches(candidates, lower);
    if (matches.length <= 1) return this.remember(linkpath, matches[0]?.path ?? null);
    return bestSuffixMatch(matches, lower, sourcePath);
  }

  /** Empties what was kept of resolutions (a vault's load is done: its memory is given back). */
  forgetResolved(): void {
    this.sourceFree.clear();
  }

  private remember(linkpath: string, target: string | null): string | null {
    this.sourceFree.set(linkpath, target);
    return target;
  }

  private exactPath(path: string): string | null {
    return this.exactLower(path, path.toLowerCase());
  }

  /**
   * The file at exactly `path` plus `.md`, else at `path`, ignoring case: looked for among the
   * files of the matching name key (a name ending in `.md` keeps it in the key of `path.md`).
   */
  private exactLower(path: string, lower: string): string | null {
    const segment = lower.slice(lower.lastIndexOf('/') + 1);
    const markdown = pickExact(this.byNameKey.get(segment), path, lower, '.md');
    if (markdown !== null) return markdown;
    const key = segment.endsWith('.md') ? segment.slice(0, -3) : segment;
    return pickExact(this.byNameKey.get(key), path, lower, '');
  }
}

/**
 * Among the files whose lower-cased path is `lower` + `suffix`, the one a link spelled `path`
 * goes to (null: none). Allocates only when several paths differ but for case.
 */
function pickExact(
  files: readonly KnownFile[] | undefined,
  path: string,
  lower: string,
  suffix: string,
): string | null {
  if (files === undefined) return null;
  let found: KnownFile | null = null;
  let several: KnownFile[] | null = null;
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as KnownFile;
    const candidate = file.lower;
    if (candidate.length !== lower.length + suffix.length || !candidate.startsWith(lower)) continue;
    if (suffix !== '' && !candidate.endsWith(suffix)) continue;
    if (found === null) found = file;
    else (several ??= [found]).push(file);
  }
  if (several !== null) return preferred(several, `${path}${suffix}`);
  return found?.path ?? null;
}

/** `nameKey` of a path already lower-cased. */
function nameKeyOfLower(lower: string): string {
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

/** The files whose path ends with the linkpath (lower-cased): one or none, mostly. */
function suffixMatches(candidates: readonly KnownFile[], lower: string): readonly KnownFile[] {
  if (candidates.length === 1)
    return endsWithSegments((candidates[0] as KnownFile).lower, lower) ? candidates : [];
  return candidates.filter((candidate) => endsWithSegments(candidate.lower, lower));
}

/** Among files whose paths end with the linkpath, the one it goes to from the source. */
function bestSuffixMatch(
  matches: readonly KnownFile[],
  lower: string,
  sourcePath: string,
): string | null {
  {
    const sourceFolder = parentFolderOf(sourcePath).toLowerCase();
    let best: KnownFile | null = null;
    let bestFromSourceFolder = false;
    for (const candidate of matches) {
      const isFromSourceFolder = sourceFolder !== '' && isAt(candidate.lower, sourceFolder, lower);
      if (best === null || isBetter(candidate, isFromSourceFolder, best, bestFromSourceFolder)) {
        best = candidate;
        bestFromSourceFolder = isFromSourceFolder;
      }
    }
    return best?.path ?? null;
  }
}

/** Whether `lower` is `folder/tail` or `folder/tail.md` exactly. */
function isAt(lower: string, folder: string, tail: string): boolean {
  const rest = lower.length - folder.length - 1;
  if (!lower.startsWith(folder) || lower.charCodeAt(folder.length) !== 47) return false;
  return (
    (rest === tail.length && lower.endsWith(tail)) ||
    (rest === tail.length + 3 && lower.endsWith('.md') && lower.startsWith(tail, folder.length + 1))
  );
}

/** The linkpath taken from the source's folder first, then the shortest path, then alphabetical. */
function isBetter(
  candidate: KnownFile,
  candidateFromSource: boolean,
  best: KnownFile,
  bestFromSource: boolean,
): boolean {
  if (candidateFromSource !== bestFromSource) return candidateFromSource;
  if (candidate.path.length !== best.path.length) return candidate.path.length < best.path.length;
  return candidate.path < best.path;
}
