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
 * Cost (a vault holds hundreds of thousands of links): a note's linkpaths are taken from its
 * text when needed, a canvas's kept as they are; the index from name keys to sources
 * (name-key-index.ts), which only file creations, deletions and renames need, is built ahead of
 * need in small steps (`prepare`), not while the vault loads; a file created meanwhile
 * re-resolves the sources it holds and keeps its name key for the others, done once it holds
 * them or an answer reads the graph. Backlinks come from the reverse of `resolvedLinks`
 * (reverse-links.ts), made in the steps after the key index (or by the first backlinks before
 * that) and kept current with it from then on (ADR-0044); notes restored from a metadata cache
 * bring their cache's reverse map instead, and the map here holds the other sources alone
 * (ADR-0060). `restoreNote` takes a note's counts as a previous run computed
 * them, when nothing they depend on has changed, and makes them only when `resolvedLinks` is
 * first handed out (owed-counts.ts).
 */
import type { CachedMetadata } from 'obsidian';
import { Backlog } from '../backlog.ts';
import { LinkResolver } from './link-resolver.ts';
import { getLinkpath, nameKey } from './linktext.ts';
import { asDictionary } from './as-dictionary.ts';
import { NameKeyIndex } from './name-key-index.ts';
import { Owed, OwedCounts } from './owed-counts.ts';
import { ReverseLinks } from './reverse-links.ts';

export type LinkSources = Pick<CachedMetadata, 'links' | 'embeds' | 'frontmatterLinks'>;

type Counts = Record<string, number>;

/**
 * A note's link texts, taken from its text each time they are needed. A restored note's are not
 * taken at all until then: a big vault restored from a previous run resolves nothing, and
 * extracting 800,000 link texts held the warm start of 100,000 notes up by a quarter of a second.
 */
type LinkTexts = () => readonly string[];

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

/**
 * The counts of every note without a link of a kind: one frozen record, since a source's counts
 * are replaced, never changed, and an object per note cost 50 ms of a warm start at 100,000.
 */
const NO_COUNTS: Counts = Object.freeze(emptyRecord<number>());

/** A note's link counts as a previous run computed them, the resolved ones made on request. */
export interface RestoredCounts {
  resolved(): Counts;
  unresolved: Counts;
  /**
   * Each target of the resolved counts, without making them: the metadata cache holds them as
   * ints, and the reverse map of a warm start is made from those (ADR-0055).
   */
  eachResolvedTarget?(visit: (target: string) => void): void;
  /**
   * The reverse map of every note restored with counts from the same source (the metadata
   * cache), these counts among them, made there from ints at once (ADR-0060).
   */
  backlinks?: RestoredBacklinks;
}

/**
 * The sources linking to each target in many notes' restored counts, made where they are held
 * (the metadata cache, as typed arrays), so a warm start's reverse map costs no pass per source.
 */
export interface RestoredBacklinks {
  /**
   * Visits each source whose restored counts link to `target`; a source may have changed since,
   * so the caller checks its counts as they are now.
   */
  eachSource(target: string, visit: (source: string) => void): void;
}

/** Restored resolved counts, owed to the record until read. */
class RestoredResolved extends Owed {
  constructor(private readonly counts: RestoredCounts) {
    super();
  }

  make(): Counts {
    return withoutPrototype(this.counts.resolved());
  }

  override eachTarget(visit: (target: string) => void): void {
    if (this.counts.eachResolvedTarget === undefined) super.eachTarget(visit);
    else this.counts.eachResolvedTarget(visit);
  }
}

/** The record with no prototype; an empty one is NO_COUNTS (most notes have no broken link). */
function withoutPrototype(record: Counts): Counts {
  if (Object.getPrototypeOf(record) === null) return record;
  return Object.keys(record).length === 0
    ? NO_COUNTS
    : (Object.setPrototypeOf(record, null) as Counts);
}

function sumOf(record: Counts): number {
  let sum = 0;
  for (const key in record) sum += record[key] ?? 0;
  return sum;
}

export class LinkIndex {
  /**
   * Holds `unresolvedLinks`, every entry made, none owed: waiting in a Map until the record is
   * first handed out spares a restore of 100,000 notes a key per note put into it.
   */
  private readonly unresolved = new OwedCounts(emptyRecord<Counts>());
  /** Holds `resolvedLinks`, some of it maybe still owed after a restore. */
  private readonly resolved = new OwedCounts(emptyRecord<Counts>());
  /** source -> its linkpaths (a canvas's), or how to take them from its text (a note's) */
  private readonly linkpaths = new Map<string, readonly string[] | LinkTexts>();
  /** nameKey of a linkpath -> the notes holding such a link; null until first needed. */
  private sourcesByKey: NameKeyIndex | null = null;
  /** Sources whose linkpaths the key index does not hold yet while it is built in steps. */
  private readonly keysOwed = new Backlog();
  /** Sources with at least one unresolved link -> how many; the sources sorted (until they change). */
  private readonly broken = new Map<string, number>();
  private brokenTotal = 0;
  private brokenSorted: string[] | null = null;
  /**
   * The sources linking to each target; null until backlinks are first asked for or made ahead,
   * or restored notes bring `restored`: then it holds every source but those (ADR-0060).
   */
  private reverse: ReverseLinks | null = null;
  /**
   * The reverse map of the sources restored from one metadata cache, from the first such note
   * on. A source changed since is in `reverse` under each target its cached counts lacked; the
   * answer checks each source's counts now, so what `restored` still says of it is harmless.
   */
  private restored: RestoredBacklinks | null = null;
  /** Sources the reverse map does not hold yet while it is made in steps. */
  private readonly reverseOwed = new Backlog();
  /**
   * Name keys of files created, removed or renamed while the key index was still owed sources:
   * those sources are re-resolved for them once the index holds them (or an answer needs them).
   */
  private readonly keysToReresolve = new Set<string>();

  constructor(readonly resolver: LinkResolver = new LinkResolver()) {}

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.resolver.getFirstLinkpathDest(linkpath, sourcePath);
  }

  /** Sets (or, with null, removes) the links of a note; a note is also a file links resolve to. */
  setNote(path: string, metadata: LinkSources | null): void {
    if (metadata === null) this.forgetLinks(path);
    else this.setLinkpaths(path, linkpathsOf(metadata));
  }

  /**
   * Sets the links of a note as link texts (frontmatter links, links, embeds; `#subpath` kept):
   * `links` gives them now and whenever they are needed again, from the note's text.
   */
  setNoteLinks(path: string, links: LinkTexts): void {
    this.setLinkpaths(path, links);
  }

  /** Sources with at least one unresolved link, in code-unit order. */
  sourcesWithUnresolved(): readonly string[] {
    this.settleKeys();
    this.brokenSorted ??= [...this.broken.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.brokenSorted;
  }

  /** Unresolved link occurrences of one source, or (without one) of the whole vault. */
  unresolvedCount(source?: string): number {
    this.settleKeys();
    return source === undefined ? this.brokenTotal : (this.broken.get(source) ?? 0);
  }

  get resolvedLinks(): Record<string, Counts> {
    this.settleKeys();
    return this.resolved.record();
  }

  get unresolvedLinks(): Record<string, Counts> {
    this.settleKeys();
    return this.unresolved.record();
  }

  /** One source's unresolved counts, without filling the whole record. */
  unresolvedOf(source: string): Counts | undefined {
    this.settleKeys();
    return this.unresolved.made(source);
  }

  /** A file appeared: links with its name may now resolve to it. */
  addFile(path: string): void {
    if (this.resolver.has(path)) return;
    this.resolver.addFile(path);
    if (this.linkpaths.size > 0) this.reresolve(nameKey(path)); // every file of a vault's load
  }

  /** A file disappeared: its own links go, and links to it resolve elsewhere or not at all. */
  removeFile(path: string): void {
    this.setNote(path, null);
    this.resolver.removeFile(path);
    this.reresolve(nameKey(path));
  }

  /** A file moved: its links move with it and are resolved from its new folder. */
  renameFile(oldPath: string, newPath: string): void {
    const stored = this.linkpaths.get(oldPath);
    this.forgetLinks(oldPath);
    this.resolver.removeFile(oldPath);
    this.resolver.addFile(newPath);
    if (stored !== undefined) this.setLinkpaths(newPath, stored);
    this.reresolve(nameKey(oldPath), nameKey(newPath));
  }

  /**
   * The sources linking to a file, with their counts. The reverse map is made ahead, in steps
   * (`prepare`), or else by this call; owed counts stay owed (made per source when read).
   */
  backlinksOf(path: string): Counts {
    this.settleKeys();
    const forward = (source: string) => this.resolvedNow(source);
    const counts = this.reverseLinks().countsOf(path, forward);
    this.restored?.eachSource(path, (source) => {
      const count = forward(source)?.[path];
      if (count !== undefined) counts[source] = count;
    });
    return counts;
  }

  /**
   * Made once over every source (counts owed are made to be read, not kept: ADR-0024), then
   * kept current by every change of a source's counts.
   */
  private reverseLinks(): ReverseLinks {
    this.openReverse();
    this.reverseOwed.finish((source) => this.addReverse(source));
    return this.reverse as ReverseLinks;
  }

  private openReverse(): void {
    if (this.reverse !== null) return;
    this.reverse = new ReverseLinks();
    this.reverseOwed.open(this.linkpaths.keys());
  }

  /** Puts a source in the reverse map; owed counts give their targets without being made. */
  private addReverse(source: string): void {
    const reverse = this.reverse;
    if (reverse === null) return;
    const owed = this.resolved.owed(source);
    if (owed === undefined) reverse.replace(source, undefined, this.resolved.made(source));
    else owed.eachTarget((target) => reverse.add(target, source));
  }

  /** A source's resolved counts as they are now; owed ones made, not kept. */
  private resolvedNow(source: string): Counts | undefined {
    return this.resolved.made(source) ?? this.resolved.maker(source)?.();
  }

  private settleResolved(source: string, counts: Counts): void {
    if (this.reverse !== null && !this.reverseOwed.owes(source))
      this.reverse.replace(source, this.resolvedNow(source), counts);
    this.resolved.settled(source, counts);
  }

  private dropResolved(source: string): void {
    if (this.reverse !== null && !this.reverseOwed.drop(source))
      this.reverse.replace(source, this.resolvedNow(source), undefined);
    this.resolved.delete(source);
  }

  /**
   * Sets a note's links with the counts a previous run computed for them, without resolving:
   * the caller vouches that neither the links nor any file sharing a name with them changed.
   * `links` gives the note's link texts, and `counts.resolved()` its resolved counts, when first
   * needed.
   */
  restoreNote(path: string, links: LinkTexts, counts: RestoredCounts): void {
    this.adoptRestored(counts.backlinks);
    this.forgetLinks(path);
    if (!this.resolver.has(path)) this.addFile(path);
    this.linkpaths.set(path, links);
    if (this.indexesKeysOf(path)) this.addKeys(path, this.linkpathsOf(path) ?? []);
    this.resolved.owe(path, new RestoredResolved(counts));
    const inRestored = this.restored !== null && counts.backlinks === this.restored;
    if (this.reverse !== null && !inRestored) this.addReverse(path);
    this.unresolved.settled(path, withoutPrototype(counts.unresolved));
    this.markBroken(path, sumOf(counts.unresolved));
  }

  /**
   * The first restored note bringing a reverse map of its cache's notes opens the map of the
   * others: the sources set before it are owed to it (a warm start: the few notes changed), and
   * every source set after goes in at once. Not once a map is made without it.
   */
  private adoptRestored(backlinks: RestoredBacklinks | undefined): void {
    if (backlinks === undefined || this.restored !== null || this.reverse !== null) return;
    this.restored = backlinks;
    this.openReverse();
  }

  /** Resolves again the notes holding a link with one of these name keys (files changed). */
  reresolveKeys(keys: Iterable<string>): void {
    this.reresolve(...keys);
  }

  /** How to make a source's resolved counts as they are now, without making owed ones. */
  resolvedCountsOf(source: string): (() => Counts) | undefined {
    this.settleKeys();
    return this.resolved.maker(source);
  }

  /**
   * Builds the key index, then the reverse map, ahead of need, a step at a time (each `step()`
   * call does up to `perStep` sources; false once done), so neither the first file created nor
   * the first backlinks after loading a big vault wait for them. Owed counts are not kept
   * here: held as their makers they take a fraction of the memory, and the first look at the
   * whole link graph makes them (ADR-0024).
   */
  prepare(perStep = 5000, spent?: () => boolean): { step(): boolean } {
    this.resolver.forgetResolved(); // the load's resolutions, kept while it resolved them all
    let reverseOpened = false;
    return {
      step: () => {
        // Opened at the first step, not here: listing every source to owe it took the calls
        // waiting for a warm start of 100,000 notes tens of ms more before they were answered.
        this.openKeyIndex();
        if (this.keysOwed.step(perStep, (source) => this.indexStoredKeys(source), spent))
          return true;
        this.settleKeys();
        if (!reverseOpened) {
          reverseOpened = true;
          this.openReverse();
          return true;
        }
        return this.reverseOwed.step(perStep, (source) => this.addReverse(source), spent);
      },
    };
  }

  private openKeyIndex(): void {
    if (this.sourcesByKey !== null) return;
    this.sourcesByKey = new NameKeyIndex();
    this.keysOwed.open(this.linkpaths.keys());
  }

  private keyIndex(): NameKeyIndex {
    this.openKeyIndex();
    this.keysOwed.finish((source) => this.indexStoredKeys(source));
    return this.sourcesByKey as NameKeyIndex;
  }

  private indexStoredKeys(source: string): void {
    const linkpaths = this.linkpathsOf(source);
    if (linkpaths !== undefined) this.addKeys(source, linkpaths);
  }

  /**
   * A source's linkpaths; a note's are taken from its link texts each time, never stored: at
   * 100,000 notes the joined strings, made while the key index was built, kept about 90 MB of
   * RSS that no collection gave back (ADR-0025).
   */
  private linkpathsOf(source: string): readonly string[] | undefined {
    const stored = this.linkpaths.get(source);
    if (typeof stored !== 'function') return stored;
    return stored().map(getLinkpath);
  }

  private indexKeys(path: string, linkpaths: readonly string[]): void {
    if (this.indexesKeysOf(path)) this.addKeys(path, linkpaths);
  }

  /** Whether the key index is there and not still owed this source's keys. */
  private indexesKeysOf(path: string): boolean {
    return this.sourcesByKey !== null && !this.keysOwed.owes(path);
  }

  private addKeys(path: string, linkpaths: readonly string[]): void {
    (this.sourcesByKey as NameKeyIndex).add(path, linkpaths.map(nameKey));
  }

  /** Sets a source's linkpaths, or the link texts they come from (kept as that function). */
  private setLinkpaths(path: string, links: readonly string[] | LinkTexts): void {
    this.forgetLinks(path);
    if (!this.resolver.has(path)) this.addFile(path);
    this.linkpaths.set(path, links);
    const linkpaths = typeof links === 'function' ? links().map(getLinkpath) : links;
    this.indexKeys(path, linkpaths);
    this.resolve(path, linkpaths);
  }

  /**
   * Re-resolves the sources holding a link with one of these keys that the key index holds; the
   * keys are kept for the sources it is still owed (a file created while the index is built
   * costs its own links, not the rest of the index), done once it holds them all (`settleKeys`).
   */
  private reresolve(...keys: string[]): void {
    if (this.linkpaths.size === 0) return;
    if (this.sourcesByKey === null || this.keysOwed.isOpen)
      for (const key of keys) this.keysToReresolve.add(key);
    if (this.sourcesByKey !== null) this.reresolveIndexed(this.sourcesByKey, keys);
  }

  private reresolveIndexed(index: NameKeyIndex, keys: Iterable<string>): void {
    const sources = new Set<string>();
    for (const key of keys) for (const source of index.sourcesOf(key)) sources.add(source);
    for (const source of sources) this.resolve(source);
  }

  /** Re-resolves for the keys kept while the key index was owed sources, finishing it first. */
  private settleKeys(): void {
    if (this.keysToReresolve.size === 0) return;
    const index = this.keyIndex();
    const keys = [...this.keysToReresolve];
    this.keysToReresolve.clear();
    this.reresolveIndexed(index, keys);
  }

  private resolve(source: string, linkpaths = this.linkpathsOf(source) ?? []): void {
    const resolved = emptyRecord<number>();
    const unresolved = emptyRecord<number>();
    let broken = 0;
    for (const linkpath of linkpaths) {
      const target = this.resolver.getFirstLinkpathDest(linkpath, source);
      if (target !== null) increment(resolved, target);
      else {
        increment(unresolved, linkpath);
        broken++;
      }
    }
    this.settleResolved(source, broken === linkpaths.length ? NO_COUNTS : asDictionary(resolved));
    this.unresolved.settled(source, broken === 0 ? NO_COUNTS : unresolved);
    this.markBroken(source, broken);
  }

  private forgetLinks(path: string): void {
    if (!this.linkpaths.has(path)) return;
    if (!this.keysOwed.drop(path) && this.sourcesByKey !== null)
      this.sourcesByKey.remove(path, (this.linkpathsOf(path) ?? []).map(nameKey));
    this.linkpaths.delete(path);
    this.dropResolved(path);
    this.unresolved.delete(path);
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
