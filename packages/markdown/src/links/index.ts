/**
 * Link resolution and the vault's link graph, as Obsidian computes them: `LinkResolver`
 * (getFirstLinkpathDest over the set of vault files) and `LinkIndex` (resolvedLinks,
 * unresolvedLinks and backlinks, kept current incrementally).
 */
export { asDictionary } from './as-dictionary.ts';
export {
  LinkIndex,
  type LinkSources,
  type RestoredBacklinks,
  type RestoredCounts,
} from './link-index.ts';
export { LinkResolver } from './link-resolver.ts';
export { getLinkpath, nameKey, parentFolderOf, parseLinktext, type Linktext } from './linktext.ts';
