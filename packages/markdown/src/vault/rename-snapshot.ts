/**
 * The first step of a link-aware rename, taken before anything moves: which files hold links the
 * move can affect, and where each of their links must lead afterwards (its `expected` target: a
 * moved file's new path, or the unchanged target it resolves to now).
 * A link can be affected when it resolves to a moved file, when a moved file takes a name it
 * could be captured by (the LinkIndex re-resolves by the same name key), or when it sits in a
 * moved file (relative links, and resolution from the new folder).
 * Invariant: unresolved links are not recorded: a move may resolve them, never break them.
 */
import { getLinkpath, nameKey } from '../links/index.ts';
import type { LinkCounts } from './vault-index.ts';
import { findLinkDocuments, type LinkDocument, type LinkSite } from './link-sites.ts';

/** What the snapshot needs of the vault before the move. */
export interface SnapshotVault {
  readText(path: string): Promise<string>;
  readonly index: {
    readonly resolvedLinks: LinkCounts;
    getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null;
  };
}

export interface ResolvedSite {
  site: LinkSite;
  /** The vault path (after the move) this link must still resolve to. */
  expected: string;
}

export interface SourceSnapshot {
  /** Where the file is after the move. */
  path: string;
  text: string;
  documents: { document: LinkDocument; sites: ResolvedSite[] }[];
}

/** Every file that moves, old path -> new path (a folder moves every file inside it). */
export type Moves = ReadonlyMap<string, string>;

export async function snapshotLinks(vault: SnapshotVault, moves: Moves): Promise<SourceSnapshot[]> {
  const snapshots: SourceSnapshot[] = [];
  for (const source of affectedSources(vault.index.resolvedLinks, moves)) {
    const text = await vault.readText(source);
    const documents = findLinkDocuments(source, text).map((document) => ({
      document,
      sites: resolvedSites(vault, document.sites, source, moves),
    }));
    snapshots.push({ path: moves.get(source) ?? source, text, documents });
  }
  return snapshots;
}

function affectedSources(resolvedLinks: LinkCounts, moves: Moves): string[] {
  const newNames = new Set([...moves.values()].map(nameKey));
  const mayChange = (target: string): boolean => moves.has(target) || newNames.has(nameKey(target));
  return Object.entries(resolvedLinks)
    .filter(([source, targets]) => moves.has(source) || Object.keys(targets).some(mayChange))
    .map(([source]) => source);
}

function resolvedSites(
  vault: SnapshotVault,
  sites: LinkSite[],
  source: string,
  moves: Moves,
): ResolvedSite[] {
  const resolved: ResolvedSite[] = [];
  for (const site of sites) {
    const target = vault.index.getFirstLinkpathDest(getLinkpath(site.linktext), source);
    if (target !== null) resolved.push({ site, expected: moves.get(target) ?? target });
  }
  return resolved;
}
