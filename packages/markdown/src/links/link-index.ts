/**
 * The vault's link graph as Obsidian's metadata cache exposes it: `resolvedLinks` (source ->
 * target path -> count) and `unresolvedLinks` (source -> linkpath -> count), with an entry, maybe
 * empty, for every note, and the reverse view `backlinksOf(target)`.
 * Links, embeds and frontmatter links all count; a link's `#subpath` is dropped before resolving.
 * Updates are incremental: `setNote` re-resolves one note; creating, deleting or renaming a file
 * re-resolves only the notes holding a link with that file's name (`nameKey`), which covers links
 * it captures from another file (same folder first), not only unresolved ones.
 * Invariant: `broken` holds exactly the sources with an unresolved link, each with how many
 * (occurrences, as `unresolvedLinks` counts them), and `brokenTotal` is their sum.
 * Cost (a vault holds hundreds of thousands of links): a source's linkpaths are kept as one
 * joined string; the index from name keys to sources, which only file creations, deletions and
 * renames need, is built on first need or ahead of it in small steps (`prepareKeys`), not while
 * the vault loads; backlinks come from one pass over `resolvedLinks`. `restoreNote` takes a
 * note's counts as a previous run computed them, when nothing they depend on has changed.
 */
import type { CachedMetadata } from 'obsidian';
import { Backlog } from '../backlog.ts';
import { LinkResolver } from './link-resolver.ts';
import { getLinkpath, nameKey } from './linktext.ts';

export type LinkSources = Pick<CachedMetadata, 'links' | 'embeds' | 'frontmatterLinks'>;

type Counts = Record<string, number>;

/** Joins a source's linkpaths when none holds it (one string instead of an array of them). */
const SEPARATOR = '\n';

type StoredLinkpaths = string | readonly string[];

function storeLinkpaths(linkpaths: string[]): StoredLinkpaths {
  const joinable =
    linkpaths.length > 1 && !linkpaths.some((linkpath) => linkpath.includes(SEPARATOR));
  return joinable ? linkpaths.join(SEPARATOR) : linkpaths;
}

function splitLinkpaths(stored: StoredLinkpaths): readonly string[] {
  return typeof stored === 'string' ? stored.split(SEPARATOR) : stored;
}

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

function increment(counts: Counts, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function withoutPrototype(record: Counts): Counts {
  return Object.getPrototypeOf(record) === null
    ? record
    : (Object.setPrototypeOf(record, null) as Counts);
}

function sumOf(record: Counts): number {
  let sum = 0;
  for (const key in record) sum += record[key] ?? 0;
  return sum;
}

/**
 * Adds a source to a key's list. A source's keys are added in one go (`addKeys`) and only after
 * its old ones were removed, so it can only be there already as the last one added: checking
 * that one keeps a key that thousands of notes link to from costing a scan of them per link.
 */
function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const values = map.get(key);
  if (values === undefined) map.set(key, [value]);
  else if (values[values.length - 1] !== value) values.push(value);
}

function removeFrom(map: Map<string, string[]>, key: string, value: string): void {
  const values = map.get(key);
  if (values === undefined) return;
  const at = values.indexOf(value);
  if (at !== -1) values.splice(at, 1);
  if (values.length === 0) map.delete(key);
}

export class LinkIndex {
  readonly resolvedLinks = emptyRecord<Counts>();
  readonly unresolvedLinks = emptyRecord<Counts>();
  /** source -> its linkpaths (joined by SEPARATOR when they are several) */
  private readonly linkpaths = new Map<string, StoredLinkpaths>();
  /** nameKey of a linkpath -> the notes holding such a link; null until first needed. */
  private sourcesByKey: Map<string, string[]> | null = null;
  /** Sources whose linkpaths the key index does not hold yet while it is built in steps. */
  private readonly keysOwed = new Backlog();
  /** Sources with at least one unresolved link -> how many; the sources sorted (until they change). */
  private readonly broken = new Map<string, number>();
  private brokenTotal = 0;
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
    this.brokenSorted ??= [...this.broken.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.brokenSorted;
  }

  /** Unresolved link occurrences of one source, or (without one) of the whole vault. */
  unresolvedCount(source?: string): number {
    return source === undefined ? this.brokenTotal : (this.broken.get(source) ?? 0);
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
    if (linkpaths !== undefined) this.setLinkpaths(newPath, [...splitLinkpaths(linkpaths)]);
    this.reresolve(nameKey(oldPath), nameKey(newPath));
  }

  /** The sources linking to a file, with their counts (one pass over the graph). */
  backlinksOf(path: string): Counts {
    const counts: Counts = {};
    for (const source in this.resolvedLinks) {
      const count = this.resolvedLinks[source]?.[path];
      if (count !== undefined) counts[source] = count;
    }
    return counts;
  }

  /**
   * Sets a note's links with the counts a previous run computed for them, without resolving:
   * the caller vouches that neither the links nor any file sharing a name with them changed.
   */
  restoreNote(path: string, links: readonly string[], resolved: Counts, unresolved: Counts): void {
    this.forgetLinks(path);
    if (!this.resolver.has(path)) this.addFile(path);
    const linkpaths = links.map(getLinkpath);
    this.linkpaths.set(path, storeLinkpaths(linkpaths));
    this.indexKeys(path, linkpaths);
    this.resolvedLinks[path] = withoutPrototype(resolved);
    this.unresolvedLinks[path] = withoutPrototype(unresolved);
    this.markBroken(path, sumOf(unresolved));
  }

  /** Resolves again the notes holding a link with one of these name keys (files changed). */
  reresolveKeys(keys: Iterable<string>): void {
    this.reresolve(...keys);
  }

  /**
   * Builds the key index ahead of need, a step at a time (each `step()` call indexes up to
   * `perStep` sources; false once done), so the first file created after loading a big vault
   * does not wait for it.
   */
  prepareKeys(perStep = 5000): { step(): boolean } {
    this.openKeyIndex();
    return { step: () => this.keysOwed.step(perStep, (source) => this.indexStoredKeys(source)) };
  }

  private openKeyIndex(): void {
    if (this.sourcesByKey !== null) return;
    this.sourcesByKey = new Map();
    this.keysOwed.open(this.linkpaths.keys());
  }

  private keyIndex(): Map<string, string[]> {
    this.openKeyIndex();
    this.keysOwed.finish((source) => this.indexStoredKeys(source));
    return this.sourcesByKey as Map<string, string[]>;
  }

  private indexStoredKeys(source: string): void {
    const stored = this.linkpaths.get(source);
    if (stored !== undefined) this.addKeys(source, splitLinkpaths(stored));
  }

  private indexKeys(path: string, linkpaths: readonly string[]): void {
    if (this.sourcesByKey === null || this.keysOwed.owes(path)) return;
    this.addKeys(path, linkpaths);
  }

  private addKeys(path: string, linkpaths: readonly string[]): void {
    const keys = this.sourcesByKey as Map<string, string[]>;
    for (const linkpath of linkpaths) addTo(keys, nameKey(linkpath), path);
  }

  private setLinkpaths(path: string, linkpaths: string[]): void {
    this.forgetLinks(path);
    if (!this.resolver.has(path)) this.addFile(path);
    this.linkpaths.set(path, storeLinkpaths(linkpaths));
    this.indexKeys(path, linkpaths);
    this.resolve(path);
  }

  private reresolve(...keys: string[]): void {
    if (this.linkpaths.size === 0) return;
    const index = this.keyIndex();
    const sources = new Set<string>();
    for (const key of keys) for (const source of index.get(key) ?? []) sources.add(source);
    for (const source of sources) this.resolve(source);
  }

  private resolve(source: string): void {
    const resolved = emptyRecord<number>();
    const unresolved = emptyRecord<number>();
    let broken = 0;
    const stored = this.linkpaths.get(source);
    for (const linkpath of stored === undefined ? [] : splitLinkpaths(stored)) {
      const target = this.resolver.getFirstLinkpathDest(linkpath, source);
      if (target !== null) increment(resolved, target);
      else {
        increment(unresolved, linkpath);
        broken++;
      }
    }
    this.resolvedLinks[source] = resolved;
    this.unresolvedLinks[source] = unresolved;
    this.markBroken(source, broken);
  }

  private forgetLinks(path: string): void {
    const stored = this.linkpaths.get(path);
    if (stored === undefined) return;
    if (!this.keysOwed.drop(path) && this.sourcesByKey !== null) {
      for (const linkpath of splitLinkpaths(stored))
        removeFrom(this.sourcesByKey, nameKey(linkpath), path);
    }
    this.linkpaths.delete(path);
    delete this.resolvedLinks[path];
    delete this.unresolvedLinks[path];
    this.markBroken(path, 0);
  }

  private markBroken(source: string, occurrences: number): void {
    const before = this.broken.get(source) ?? 0;
    this.brokenTotal += occurrences - before;
    if ((before === 0) !== (occurrences === 0)) this.brokenSorted = null;
    if (occurrences === 0) this.broken.delete(source);
    else this.broken.set(source, occurrences);
  }
}
