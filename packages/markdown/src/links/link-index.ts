/**
 * The vault's link graph as Obsidian's metadata cache exposes it: `resolvedLinks` (source ->
 * target path -> count) and `unresolvedLinks` (source -> linkpath -> count), with an entry, maybe
 * empty, for every note, and the reverse view `backlinksOf(target)`.
 * Links, embeds and frontmatter links all count; a link's `#subpath` is dropped before resolving.
 * Updates are incremental: `setNote` re-resolves one note; creating, deleting or renaming a file
 * re-resolves only the notes holding a link with that file's name (`nameKey`), which covers links
 * it captures from another file (same folder first), not only unresolved ones.
 * Invariant: `backlinks` is always the transpose of `resolvedLinks`.
 */
import type { CachedMetadata } from 'obsidian';
import { LinkResolver } from './link-resolver.ts';
import { getLinkpath, nameKey } from './linktext.ts';

export type LinkSources = Pick<CachedMetadata, 'links' | 'embeds' | 'frontmatterLinks'>;

type Counts = Record<string, number>;

/** Records keyed by paths and linktexts have no prototype: `[[__proto__]]` is just a name. */
function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function linkpathsOf(metadata: LinkSources): string[] {
  const linkpaths: string[] = [];
  for (const list of [metadata.frontmatterLinks, metadata.links, metadata.embeds]) {
    for (const reference of list ?? []) linkpaths.push(getLinkpath(reference.link));
  }
  return linkpaths;
}

function hasKeys(record: Counts): boolean {
  for (const _key in record) return true;
  return false;
}

function increment(counts: Counts, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export class LinkIndex {
  readonly resolvedLinks = emptyRecord<Counts>();
  readonly unresolvedLinks = emptyRecord<Counts>();
  private readonly linkpaths = new Map<string, string[]>();
  /** nameKey of a linkpath -> the notes holding such a link. */
  private readonly sourcesByKey = new Map<string, Set<string>>();
  private readonly backlinks = new Map<string, Map<string, number>>();
  /** Sources with at least one unresolved link, and the same sorted (until it changes). */
  private readonly broken = new Set<string>();
  private brokenSorted: string[] | null = null;

  constructor(readonly resolver: LinkResolver = new LinkResolver()) {}

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.resolver.getFirstLinkpathDest(linkpath, sourcePath);
  }

  /** Sets (or, with null, removes) the links of a note; a note is also a file links resolve to. */
  setNote(path: string, metadata: LinkSources | null): void {
    if (metadata === null) this.forgetLinks(path);
    else this.setLinkpaths(path, linkpathsOf(metadata));
  }

  /** Sets the links of a note as link texts (frontmatter links, links, embeds; `#subpath` kept). */
  setNoteLinks(path: string, links: readonly string[]): void {
    this.setLinkpaths(path, links.map(getLinkpath));
  }

  /** Sources with at least one unresolved link, in code-unit order. */
  sourcesWithUnresolved(): readonly string[] {
    this.brokenSorted ??= [...this.broken].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.brokenSorted;
  }

  /** A file appeared: links with its name may now resolve to it. */
  addFile(path: string): void {
    if (this.resolver.has(path)) return;
    this.resolver.addFile(path);
    this.reresolve(nameKey(path));
  }

  /** A file disappeared: its own links go, and links to it resolve elsewhere or not at all. */
  removeFile(path: string): void {
    this.setNote(path, null);
    this.resolver.removeFile(path);
    this.reresolve(nameKey(path));
  }

  /** A file moved: its links move with it and are resolved from its new folder. */
  renameFile(oldPath: string, newPath: string): void {
    const linkpaths = this.linkpaths.get(oldPath);
    this.forgetLinks(oldPath);
    this.resolver.removeFile(oldPath);
    this.resolver.addFile(newPath);
    if (linkpaths !== undefined) this.setLinkpaths(newPath, linkpaths);
    this.reresolve(nameKey(oldPath), nameKey(newPath));
  }

  backlinksOf(path: string): Counts {
    return Object.fromEntries(this.backlinks.get(path) ?? []);
  }

  private setLinkpaths(path: string, linkpaths: string[]): void {
    this.forgetLinks(path);
    if (!this.resolver.has(path)) this.addFile(path);
    this.linkpaths.set(path, linkpaths);
    for (const linkpath of linkpaths) {
      const key = nameKey(linkpath);
      let sources = this.sourcesByKey.get(key);
      if (sources === undefined) this.sourcesByKey.set(key, (sources = new Set<string>()));
      sources.add(path);
    }
    this.resolve(path);
  }

  private reresolve(...keys: string[]): void {
    const sources = new Set<string>();
    for (const key of keys)
      for (const source of this.sourcesByKey.get(key) ?? []) sources.add(source);
    for (const source of sources) this.resolve(source);
  }

  private resolve(source: string): void {
    this.dropBacklinks(source);
    const resolved = emptyRecord<number>();
    const unresolved = emptyRecord<number>();
    for (const linkpath of this.linkpaths.get(source) ?? []) {
      const target = this.resolver.getFirstLinkpathDest(linkpath, source);
      if (target === null) increment(unresolved, linkpath);
      else increment(resolved, target);
    }
    this.resolvedLinks[source] = resolved;
    this.unresolvedLinks[source] = unresolved;
    this.markBroken(source, hasKeys(unresolved));
    for (const [target, count] of Object.entries(resolved)) {
      let sources = this.backlinks.get(target);
      if (sources === undefined) this.backlinks.set(target, (sources = new Map<string, number>()));
      sources.set(source, count);
    }
  }

  private dropBacklinks(source: string): void {
    for (const target of Object.keys(this.resolvedLinks[source] ?? {})) {
      const sources = this.backlinks.get(target);
      sources?.delete(source);
      if (sources?.size === 0) this.backlinks.delete(target);
    }
  }

  private forgetLinks(path: string): void {
    const linkpaths = this.linkpaths.get(path);
    if (linkpaths === undefined) return;
    this.dropBacklinks(path);
    for (const linkpath of linkpaths) {
      const key = nameKey(linkpath);
      const sources = this.sourcesByKey.get(key);
      sources?.delete(path);
      if (sources?.size === 0) this.sourcesByKey.delete(key);
    }
    this.linkpaths.delete(path);
    delete this.resolvedLinks[path];
    delete this.unresolvedLinks[path];
    this.markBroken(path, false);
  }

  private markBroken(source: string, broken: boolean): void {
    if (broken === this.broken.has(source)) return;
    if (broken) this.broken.add(source);
    else this.broken.delete(source);
    this.brokenSorted = null;
  }
}
