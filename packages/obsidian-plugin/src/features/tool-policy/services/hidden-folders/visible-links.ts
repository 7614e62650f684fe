/**
 * The link graph as it would be if hidden folders did not exist: links that resolved into a
 * hidden folder are resolved again among the visible files only (a same-named visible note may
 * take them, or they become unresolved), and hidden notes vanish as sources. Built lazily from
 * the inner host and dropped whenever the vault or the hidden list changes.
 */
import { LinkResolver, getLinkpath } from '@mcp-connector/markdown/links';
import type { LinkCounts, VaultHost } from '../../../../host/vault-host.ts';
import type { HiddenPaths } from './hidden-paths.ts';

type MutableCounts = Record<string, Record<string, number>>;

export class VisibleLinks {
  readonly resolver: LinkResolver;
  readonly resolved: LinkCounts;
  readonly unresolved: LinkCounts;

  constructor(inner: VaultHost, hidden: HiddenPaths) {
    this.resolver = new LinkResolver(
      inner
        .listFiles()
        .map((file) => file.path)
        .filter((path) => !hidden.covers(path)),
    );
    const resolved: MutableCounts = {};
    const unresolved: MutableCounts = {};
    const innerUnresolved = inner.unresolvedLinks();
    for (const [source, targets] of Object.entries(inner.resolvedLinks())) {
      if (hidden.covers(source)) continue;
      const touchesHidden = Object.keys(targets).some((target) => hidden.covers(target));
      if (touchesHidden)
        this.resolveAgain(
          inner,
          hidden,
          source,
          targets,
          (resolved[source] = {}),
          (unresolved[source] = {}),
        );
      else {
        resolved[source] = { ...targets };
        unresolved[source] = { ...innerUnresolved[source] };
      }
    }
    this.resolved = resolved;
    this.unresolved = unresolved;
  }

  private resolveAgain(
    inner: VaultHost,
    hidden: HiddenPaths,
    source: string,
    targets: Readonly<Record<string, number>>,
    resolved: Record<string, number>,
    unresolved: Record<string, number>,
  ): void {
    const cache = inner.getFileCache(source);
    if (cache === null) {
      // A canvas: its link texts are not in the cache; keep its unresolved links and visible
      // targets, and name hidden ones unresolved by their basename (the text a card's wikilink
      // would hold; a file card holds the whole path, which only the canvas text could tell).
      Object.assign(unresolved, inner.unresolvedLinks()[source]);
      for (const [target, count] of Object.entries(targets)) {
        const key = hidden.covers(target) ? basenameWithoutMd(target) : target;
        const into = hidden.covers(target) ? unresolved : resolved;
        into[key] = (into[key] ?? 0) + count;
      }
      return;
    }
    for (const reference of [
      ...(cache.frontmatterLinks ?? []),
      ...(cache.links ?? []),
      ...(cache.embeds ?? []),
    ]) {
      const linkpath = getLinkpath(reference.link);
      const target = this.resolver.getFirstLinkpathDest(linkpath, source);
      if (target === null) unresolved[linkpath] = (unresolved[linkpath] ?? 0) + 1;
      else resolved[target] = (resolved[target] ?? 0) + 1;
    }
  }
}

function basenameWithoutMd(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}
