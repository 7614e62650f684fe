/**
 * The broken links of the vault as it shows with its hidden folders gone, from the inner host's
 * answers, without re-resolving the whole vault as VisibleLinks does (which reads every note
 * that links into a hidden folder: tens of seconds at 100,000 notes when a tenth is hidden).
 * It gives what VisibleLinks' `unresolved` gives:
 * - a hidden source has none, and a source with no link into a hidden folder keeps the inner
 *   host's;
 * - a link that resolved into a hidden folder is resolved again among the visible files, and is
 *   broken when none takes it. Only a visible file sharing the hidden target's name could
 *   (`getFirstLinkpathDest` looks at no other), so without one the link is broken for certain
 *   and counted from `resolvedLinks` alone; with one, the source's links are read again
 *   (`twins`, a resolver over those files only, answers as one over every visible file would);
 * - a canvas names such a link by the target's name, as VisibleLinks does (its link texts are
 *   not in any cache).
 * A source's linkpaths are worked out when asked for (find_broken_links asks for a page).
 * Built in one pass over `resolvedLinks`; a modified source is then counted again on its own
 * (`sourceChanged`), and any other change builds it anew (visible-answers.ts).
 */
import { LinkResolver, getLinkpath, nameKey } from '@mcp-connector/markdown/links';
import { occurrences } from '../../../../host/answers/computed-answers.ts';
import { byCodeUnits } from '../../../../host/vault-path.ts';
import type { VaultAnswers, VaultHost } from '../../../../host/vault-host.ts';

type Counts = Readonly<Record<string, number>>;

export class VisibleBrokenLinks {
  /** Visible sources linking into a hidden folder -> the broken occurrences that adds. */
  private readonly added = new Map<string, number>();
  private readonly linkpaths = new Map<string, Counts>();
  /** The visible files sharing a name with a hidden file. */
  private readonly twins: LinkResolver;
  /** The hidden files one of those shares a name with. */
  private readonly twinned = new Set<string>();
  private sources: string[] | null = null;
  private total: number | null = null;

  constructor(
    private readonly inner: VaultAnswers,
    private readonly innerHost: VaultHost,
    private readonly hiddenFiles: ReadonlySet<string>,
  ) {
    const hiddenNames = new Set<string>();
    for (const path of hiddenFiles)
      for (const key of namesNear(nameKey(path))) hiddenNames.add(key);
    const twins = innerHost
      .listFiles()
      .map((file) => file.path)
      .filter((path) => !hiddenFiles.has(path) && hiddenNames.has(nameKey(path)));
    this.twins = new LinkResolver(twins);
    const twinNames = new Set(twins.map(nameKey));
    for (const path of hiddenFiles)
      if (namesNear(nameKey(path)).some((key) => twinNames.has(key))) this.twinned.add(path);
    const resolved = innerHost.resolvedLinks();
    for (const source in resolved) this.count(source, resolved[source] ?? {});
  }

  /** Sources with at least one broken link, in code-unit order. */
  brokenLinkSources(): readonly string[] {
    this.sources ??= [
      ...this.inner
        .brokenLinkSources()
        .filter((source) => !this.hiddenFiles.has(source) && !this.added.has(source)),
      ...this.added.keys(),
    ].sort(byCodeUnits);
    return this.sources;
  }

  /** Broken link occurrences of one source, or (without one) of the whole visible vault. */
  brokenLinkCount(source?: string): number {
    if (source === undefined) {
      this.total ??= this.brokenLinkSources().reduce(
        (sum, each) => sum + this.brokenLinkCount(each),
        0,
      );
      return this.total;
    }
    if (this.hiddenFiles.has(source)) return 0;
    return this.inner.brokenLinkCount(source) + (this.added.get(source) ?? 0);
  }

  unresolvedLinksOf(source: string): Counts {
    if (this.hiddenFiles.has(source)) return {};
    if (!this.added.has(source)) return this.inner.unresolvedLinksOf(source);
    let counts = this.linkpaths.get(source);
    if (counts === undefined) {
      counts = this.resolvedAgain(source);
      this.linkpaths.set(source, counts);
    }
    return counts;
  }

  /**
   * A visible source's text changed (no file came or went, so no other source's links resolve
   * otherwise): it alone is counted again, and moved into or out of the sorted sources.
   */
  sourceChanged(source: string): void {
    this.linkpaths.delete(source);
    this.added.delete(source);
    this.count(source, this.innerHost.resolvedLinks()[source] ?? {});
    this.total = null;
    const sources = this.sources;
    if (sources === null) return;
    let at = 0;
    for (let high = sources.length; at < high;) {
      const middle = (at + high) >> 1;
      if (byCodeUnits(sources[middle] as string, source) < 0) at = middle + 1;
      else high = middle;
    }
    const listed = sources[at] === source;
    if (listed === this.brokenLinkCount(source) > 0) return;
    const next = [...sources];
    if (listed) next.splice(at, 1);
    else next.splice(at, 0, source);
    this.sources = next;
  }

  /**
   * Counts the broken links a visible source's links into hidden folders add: all of them when
   * no visible file shares a target's name; else the source's links resolved again.
   */
  private count(source: string, targets: Counts): void {
    if (this.hiddenFiles.has(source)) return;
    let added = 0;
    let twinned = false;
    for (const target in targets) {
      if (!this.hiddenFiles.has(target)) continue;
      added += targets[target] as number;
      if (this.twinned.has(target)) twinned = true;
    }
    if (added > 0 && twinned && source.endsWith('.md')) {
      const counts = this.resolvedAgain(source);
      this.linkpaths.set(source, counts);
      added = occurrences(counts) - this.inner.brokenLinkCount(source);
    }
    if (added > 0) this.added.set(source, added);
  }

  /** The source's unresolved linkpaths once its links into hidden folders are resolved again. */
  private resolvedAgain(source: string): Counts {
    const counts: Record<string, number> = { ...this.inner.unresolvedLinksOf(source) };
    const cache = source.endsWith('.md') ? this.innerHost.getFileCache(source) : null;
    if (cache === null) {
      const targets = this.innerHost.resolvedLinks()[source] ?? {};
      for (const target in targets)
        if (this.hiddenFiles.has(target)) {
          const name = basenameWithoutMd(target);
          counts[name] = (counts[name] ?? 0) + (targets[target] as number);
        }
      return counts;
    }
    for (const { link } of [
      ...(cache.frontmatterLinks ?? []),
      ...(cache.links ?? []),
      ...(cache.embeds ?? []),
    ]) {
      const linkpath = getLinkpath(link);
      const target = this.innerHost.getFirstLinkpathDest(linkpath, source);
      if (target === null || !this.hiddenFiles.has(target)) continue;
      if (this.twins.getFirstLinkpathDest(linkpath, source) === null)
        counts[linkpath] = (counts[linkpath] ?? 0) + 1;
    }
    return counts;
  }
}

/**
 * The name keys a link that resolved to a file of name key `key` may be looked up under again:
 * the key itself, and with `.md` added or dropped (an exact match tries both).
 */
function namesNear(key: string): string[] {
  return [key, `${key}.md`, ...(key.endsWith('.md') ? [key.slice(0, -3)] : [])];
}

function basenameWithoutMd(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}
