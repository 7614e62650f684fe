/**
 * find_broken_links: links, embeds and frontmatter links that lead to no file, grouped per
 * source file (sorted by path). Which links are broken comes from the host's `unresolvedLinks`
 * (so it agrees with Obsidian's own count); the note's metadata gives each occurrence its
 * 0-based line (frontmatter links their property key instead). A canvas has no note metadata,
 * so its broken links carry kind "canvas" and no line.
 * Scope (services/note-scope.ts) limits the source files; `limit` counts source files, and only
 * the page's files are looked at in detail. The sources and their counts are the host's answers
 * (VaultAnswers: kept current by NodeHost, computed from `unresolvedLinks` on ObsidianHost).
 * Not covered: a link to an existing note whose `#heading` or `#^block` is missing.
 */
import { type } from 'arktype';
import type { CachedMetadata } from 'obsidian';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { longSteps } from '../../services/long-steps.ts';
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
  long: true,
  handler: async ({ exclude_folders, scope: rawScope, limit }, ctx) => {
    const scope = resolveScope(ctx.host, rawScope);
    const wholeVault = scope.kind === 'vault' && (exclude_folders ?? []).length === 0;
    const excluded = excludedFolders(ctx.host, exclude_folders);
    const answers = ctx.host.answers();
    const allSources = answers.brokenLinkSources();
    const sources = wholeVault
      ? allSources
      : allSources.filter((source) => scope.includes(source) && !excluded(source));
    const page = takePage(sources, limit);
    // Every occurrence of an unresolved linkpath is broken: the counts add up to the entries.
    let brokenLinks = wholeVault ? answers.brokenLinkCount() : 0;
    if (!wholeVault)
      await longSteps(ctx, sources, 'Counting broken links', (source) => {
        brokenLinks += answers.brokenLinkCount(source);
      });
    return {
      scope: scope.scope,
      notes: page.items.map((source) => ({
        path: source,
        links: brokenLinksOf(ctx.host, source, answers.unresolvedLinksOf(source)),
      })),
      total: page.total,
      truncated: page.truncated,
      brokenLinks,
    };
  },
});

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
