/**
 * Resolves a linkpath from a source note to a vault file, by Obsidian's `getFirstLinkpathDest`
 * rules: matching ignores case and a missing `.md`; an empty linkpath is the source itself;
 * `./` and `../` are relative to the source's folder and `/` starts at the vault root (both exact);
 * otherwise a file at exactly that path wins, then, among the files whose path ends with the
 * linkpath, the one at that path from the source's folder (for a bare name: the file of that name
 * in the source's folder), then the shortest path, then the first alphabetically.
 * Invariant: it knows every vault file (attachments too), indexed by lower-cased path and by
 * `nameKey`, so a lookup touches only the files that share the link's name.
 */
import { joinRelative, nameKey, parentFolderOf } from './linktext.ts';

function addTo(map: Map<string, string[]>, key: string, path: string): void {
  const paths = map.get(key);
  if (paths === undefined) map.set(key, [path]);
  else if (!paths.includes(path)) paths.push(path);
}

function removeFrom(map: Map<string, string[]>, key: string, path: string): void {
  const paths = map.get(key);
  if (paths === undefined) return;
  const index = paths.indexOf(path);
  if (index !== -1) paths.splice(index, 1);
  if (paths.length === 0) map.delete(key);
}

/** Among paths equal but for case: the one spelled like the link, else the first alphabetically. */
function preferred(candidates: string[], spelledLikeLink: string): string {
  if (candidates.includes(spelledLikeLink)) return spelledLikeLink;
  return candidates.length === 1
    ? (candidates[0] as string)
    : ([...candidates].sort()[0] as string);
}

export class LinkResolver {
  private readonly byLowerPath = new Map<string, string[]>();
  private readonly byNameKey = new Map<string, string[]>();

  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.addFile(path);
  }

  has(path: string): boolean {
    return this.byLowerPath.get(path.toLowerCase())?.includes(path) ?? false;
  }

  addFile(path: string): void {
    addTo(this.byLowerPath, path.toLowerCase(), path);
    addTo(this.byNameKey, nameKey(path), path);
  }

  removeFile(path: string): void {
    removeFrom(this.byLowerPath, path.toLowerCase(), path);
    removeFrom(this.byNameKey, nameKey(path), path);
  }

  /** The vault path a linkpath (a link without its `#subpath`) resolves to, or null. */
  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    if (linkpath === '') return this.has(sourcePath) ? sourcePath : null;
    if (linkpath.startsWith('./') || linkpath.startsWith('../')) {
      const joined = joinRelative(parentFolderOf(sourcePath), linkpath);
      return joined === null ? null : this.exactPath(joined);
    }
    if (linkpath.startsWith('/')) return this.exactPath(linkpath.slice(1));
    return this.exactPath(linkpath) ?? this.bestSuffixMatch(linkpath, sourcePath);
  }

  private exactPath(path: string): string | null {
    const lower = path.toLowerCase();
    const markdown = this.byLowerPath.get(`${lower}.md`);
    if (markdown !== undefined) return preferred(markdown, `${path}.md`);
    const asIs = this.byLowerPath.get(lower);
    return asIs === undefined ? null : preferred(asIs, path);
  }

  private bestSuffixMatch(linkpath: string, sourcePath: string): string | null {
    const candidates = this.byNameKey.get(nameKey(linkpath));
    if (candidates === undefined) return null;
    const lower = linkpath.toLowerCase();
    const suffixes = [`/${lower}`, `/${lower}.md`];
    const sourceFolder = parentFolderOf(sourcePath).toLowerCase();
    const fromSourceFolder =
      sourceFolder === '' ? null : suffixes.map((suffix) => sourceFolder + suffix);
    let best: string | null = null;
    let bestFromSourceFolder = false;
    for (const candidate of candidates) {
      const candidateLower = candidate.toLowerCase();
      if (!suffixes.some((suffix) => candidateLower.endsWith(suffix))) continue;
      const isFromSourceFolder = fromSourceFolder?.includes(candidateLower) ?? false;
      if (best === null || isBetter(candidate, isFromSourceFolder, best, bestFromSourceFolder)) {
        best = candidate;
        bestFromSourceFolder = isFromSourceFolder;
      }
    }
    return best;
  }
}

/** The linkpath taken from the source's folder first, then the shortest path, then alphabetical. */
function isBetter(
  candidate: string,
  candidateFromSource: boolean,
  best: string,
  bestFromSource: boolean,
): boolean {
  if (candidateFromSource !== bestFromSource) return candidateFromSource;
  if (candidate.length !== best.length) return candidate.length < best.length;
  return candidate < best;
}
