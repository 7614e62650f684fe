/**
 * The reverse question get_backlinks asks of an unresolved link (the linkpath itself comes from
 * getLinkpath in @mcp-connector/markdown/links): would this linkpath, written in that source note, name this (maybe missing)
 * path? Case is ignored and a missing `.md` is implied; `./` and `../` are relative to the
 * source's folder and a leading `/` starts at the root (both exact); a bare linkpath names every
 * path that ends with it.
 */

/** Lower-cased path a link to missing `path` would name: without an extension, it means a note. */
export function linkTargetKey(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (name.includes('.') ? path : `${path}.md`).toLowerCase();
}

/** Whether `linkpath`, written in `sourcePath`, names the file whose linkTargetKey is `target`. */
export function linkpathNames(linkpath: string, sourcePath: string, target: string): boolean {
  if (linkpath === '') return false;
  const lower = linkpath.toLowerCase();
  if (lower.startsWith('./') || lower.startsWith('../')) {
    const joined = joinRelative(folderOf(sourcePath.toLowerCase()), lower);
    return joined !== null && (joined === target || `${joined}.md` === target);
  }
  if (lower.startsWith('/')) return [lower.slice(1), `${lower.slice(1)}.md`].includes(target);
  return [lower, `${lower}.md`].some(
    (candidate) => target === candidate || target.endsWith(`/${candidate}`),
  );
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function joinRelative(folder: string, linkpath: string): string | null {
  const segments = folder === '' ? [] : folder.split('/');
  for (const segment of linkpath.split('/')) {
    if (segment === '..') {
      if (segments.pop() === undefined) return null;
    } else if (segment !== '.' && segment !== '') {
      segments.push(segment);
    }
  }
  return segments.join('/');
}
