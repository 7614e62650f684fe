/**
 * Linktext as Obsidian splits it: the path before the first `#`, and the subpath from it
 * (`#heading`, `#heading#sub`, `#^block`). Also the key the link index groups links and files by:
 * the lower-cased last path segment without a `.md` extension, which a link and the file it can
 * resolve to always share.
 */

export interface Linktext {
  path: string;
  subpath: string;
}

export function parseLinktext(linktext: string): Linktext {
  const hash = linktext.indexOf('#');
  return hash === -1
    ? { path: linktext, subpath: '' }
    : { path: linktext.slice(0, hash), subpath: linktext.slice(hash) };
}

/** The linktext's path (`parseLinktext(linktext).path`), made without the pair. */
export function getLinkpath(linktext: string): string {
  const hash = linktext.indexOf('#');
  return hash === -1 ? linktext : linktext.slice(0, hash);
}

/** Lower-cased last segment of a path, without `.md`: `Folder/Note.md` and `note` give `note`. */
export function nameKey(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

export function parentFolderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Joins a `./` or `../` linkpath to a folder; null when it climbs above the vault root. */
export function joinRelative(folder: string, linkpath: string): string | null {
  const segments = folder === '' ? [] : folder.split('/');
  for (const segment of linkpath.split('/')) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join('/');
}
