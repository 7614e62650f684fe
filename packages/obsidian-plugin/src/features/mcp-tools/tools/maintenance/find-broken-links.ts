/**
 * find_broken_links: links, embeds and frontmatter links that lead to no file, grouped per
 * source file (sorted by path). Which links are broken comes from the host's `unresolvedLinks`
 * (so it agrees with Obsidian's own count); the note's metadata gives each occurrence its
 * 0-based line (frontmatter links their property key instead). A canvas has no note metadata,
 * so its broken links carry kind "canvas" and no line.
 * Scope (services/note-scope.ts) limits the source files; `limit` counts source files, and only
 * the page's files are looked at in detail (the total of broken links comes from the counts,
 * kept by the host for the whole vault when it maintains them).
 * Not covered: a link to an existing note whose `#heading` or `#^block` is missing.
 */
import { type } from 'arktype';
import type { CachedMetadata } from 'obsidian';
import type { LinkCounts, VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { byCodeUnits } from '../../services/note-files.ts';
import { excludedFolders, resolveScope } from '../../services/note-scope.ts';
import { getLinkpath } from '@mcp-connector/markdown/links';

interface BrokenLink {
  link: string;
  kind: 'link' | 'embed' | 'frontmatter' | 'canvas';
  line?: number;
  key?: string;
}

export const findBrokenLinks = defineTool({
  name: 'find_broken_links',
  title: 'Broken links',
  description:
    'Links, embeds, frontmatter links to missing files, per note with line or key; scope: a folder or one note.',
  input: () =>
    type({ 'exclude_folders?': 'string[]', 'scope?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ exclude_folders, scope: rawScope, limit }, ctx) => {
    const scope = resolveScope(ctx.host, rawScope);
    const wholeVault = scope.kind === 'vault' && (exclude_folders ?? []).length === 0;
    const excluded = excludedFolders(ctx.host, exclude_folders);
    const indexed = ctx.host.indexed?.() ?? null;
    // An index gives one source's counts without the whole record (made on first need);
    // without one the record is taken once (behind hidden folders it is worked out per call).
    let record: LinkCounts | null = null;
    const unresolvedOf = (source: string) =>
      indexed !== null
        ? indexed.unresolvedLinksOf(source)
        : (record ??= ctx.host.unresolvedLinks())[source];
    const allSources = brokenLinkSources(ctx.host);
    const sources = wholeVault
      ? allSources
      : allSources.filter((source) => scope.includes(source) && !excluded(source));
    const countOf = (source: string) =>
      indexed?.brokenLinkCount(source) ?? occurrences(unresolvedOf(source));
    const page = takePage(sources, limit);
    return {
      scope: scope.scope,
      notes: page.items.map((source) => ({
        path: source,
        links: brokenLinksOf(ctx.host, source, unresolvedOf(source) ?? {}),
      })),
      total: page.total,
      truncated: page.truncated,
      // Every occurrence of an unresolved linkpath is broken: the counts add up to the entries.
      brokenLinks:
        wholeVault && indexed !== null
          ? indexed.brokenLinkCount()
          : sources.reduce((sum, source) => sum + countOf(source), 0),
    };
  },
});

/** Sources with at least one unresolved link, in code-unit order: the host's set when it keeps one. */
function brokenLinkSources(host: VaultHost): readonly string[] {
  const maintained = host.indexed?.()?.brokenLinkSources();
  if (maintained !== undefined) return maintained;
  return Object.entries(host.unresolvedLinks())
    .filter(([, linkpaths]) => Object.keys(linkpaths).length > 0)
    .map(([source]) => source)
    .sort(byCodeUnits);
}

function occurrences(linkpaths: Readonly<Record<string, number>> | undefined): number {
  let count = 0;
  for (const times of Object.values(linkpaths ?? {})) count += times;
  return count;
}

function brokenLinksOf(
  host: VaultHost,
  source: string,
  linkpaths: Readonly<Record<string, number>>,
): BrokenLink[] {
  const cache = source.endsWith('.md') ? host.getFileCache(source) : null;
  if (cache === null) return canvasLinks(linkpaths);
  const broken = (link: string) => Object.hasOwn(linkpaths, getLinkpath(link));
  return [...frontmatterLinks(cache, broken), ...bodyLinks(cache, broken)];
}

function frontmatterLinks(cache: CachedMetadata, broken: (link: string) => boolean): BrokenLink[] {
  return (cache.frontmatterLinks ?? [])
    .filter((ref) => broken(ref.link))
    .map((ref) => ({ link: ref.link, kind: 'frontmatter', key: ref.key }));
}

function bodyLinks(cache: CachedMetadata, broken: (link: string) => boolean): BrokenLink[] {
  const references = [
    ...(cache.links ?? []).map((ref) => ({ ref, kind: 'link' as const })),
    ...(cache.embeds ?? []).map((ref) => ({ ref, kind: 'embed' as const })),
  ];
  return references
    .filter(({ ref }) => broken(ref.link))
    .sort((a, b) => a.ref.position.start.offset - b.ref.position.start.offset)
    .map(({ ref, kind }) => ({ link: ref.link, kind, line: ref.position.start.line }));
}

/** One entry per occurrence, from the counts alone: a canvas has no metadata with positions. */
function canvasLinks(linkpaths: Readonly<Record<string, number>>): BrokenLink[] {
  return Object.entries(linkpaths).flatMap(([link, count]) =>
    Array.from({ length: count }, () => ({ link, kind: 'canvas' as const })),
  );
}
