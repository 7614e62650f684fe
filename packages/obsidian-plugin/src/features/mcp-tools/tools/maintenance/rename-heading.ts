/**
 * rename_heading: renames a heading and rewrites every link to it across the vault: wikilinks,
 * embeds, markdown links and frontmatter links, in other notes and in the note itself
 * (`[[#Old]]`). Links match headings the way Obsidian does (the markdown package's heading-names.ts).
 * Pipeline: plan (find the heading on the current text: `heading_not_found`, `ambiguous_heading`,
 * `already_exists`, all before any write; pick the referencing notes from the metadata cache),
 * then apply one atomic edit per file, the note itself first (its heading and self-links, under
 * `expectedRevision`), each on its text as read under the write lock and re-parsed there.
 * Canvases are not rewritten: those linking to the heading are listed in `canvasesNotUpdated`.
 * The rewrites report progress and stop when the call is stopped (the journal puts them back).
 */
import { ToolError } from '@mcp-connector/shared';
import { headingLinkText, parseCanvasLinks, parseMetadata } from '@mcp-connector/markdown';
import { LineTable } from '@mcp-connector/markdown/positions';
import { type } from 'arktype';
import type { HeadingCache } from 'obsidian';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { assertRevision, editText, readText, requireFile } from '../../services/note-access.ts';
import { longSteps } from '../../services/long-steps.ts';
import { isNote } from '../../services/note-files.ts';
import { headingLinkEdits, linkReaches, type RenamedHeading } from './services/heading-links.ts';
import {
  assertNameFree,
  headingName,
  headingTextEdit,
  locateHeading,
  type HeadingSelector,
} from './services/heading-rename.ts';
import { applyEdits, type TextEdit } from '@mcp-connector/markdown/text-edits';

interface ChangedFile {
  path: string;
  links: number;
  revision: string;
}

export const renameHeading = defineTool({
  name: 'rename_heading',
  title: 'Rename heading',
  description: 'Rename a heading in a note and rewrite every link and embed to it, vault-wide.',
  input: () =>
    type({
      path: 'string',
      from: { '+': 'reject', text: 'string', 'level?': '1 <= number.integer <= 6' },
      to: 'string',
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: ADDITIVE,
  long: true,
  handler: async ({ path, from, to, expectedRevision }, ctx) => {
    const file = requireNote(ctx.host, path);
    const name = headingName(to);
    const { content } = await readText(ctx.host, file);
    assertRevision(file.path, content, expectedRevision);
    const planned = renameInNote(ctx.host, file.path, content, from, name);
    const sources = referencingNotes(ctx.host, planned.target);
    const { renamed, revision } = await renameInPlace(ctx.host, file, from, name, expectedRevision);
    const changed: ChangedFile[] = [{ path: file.path, links: renamed.links, revision }];
    await longSteps(ctx, sources, 'Rewriting links in notes', async (source) => {
      const edited = await rewriteLinksIn(ctx.host, source, renamed.target);
      if (edited !== null) changed.push(edited);
    });
    const heading = renamed.target.headings[renamed.target.index] as HeadingCache;
    return {
      path: file.path,
      from: heading.heading,
      to: name,
      level: heading.level,
      line: heading.position.start.line,
      revision,
      linksUpdated: changed.reduce((sum, entry) => sum + entry.links, 0),
      filesChanged: changed,
      canvasesNotUpdated: await canvasesReaching(ctx.host, renamed.target),
    };
  },
});

/** The note's own edit, redone on its text under the write lock (the plan only read it). */
async function renameInPlace(
  host: VaultHost,
  file: VaultFile,
  from: HeadingSelector,
  name: string,
  expectedRevision: string | undefined,
) {
  let renamed: ReturnType<typeof renameInNote> | undefined;
  const { revision } = await editText(
    host,
    file,
    (current) => (renamed = renameInNote(host, file.path, current, from, name)).text,
    expectedRevision,
  );
  return { renamed: renamed as ReturnType<typeof renameInNote>, revision };
}

function requireNote(host: VaultHost, path: string): VaultFile {
  const file = requireFile(host, path);
  if (isNote(file)) return file;
  throw new ToolError(
    'unsupported',
    `${file.path} is not a Markdown note; only notes have headings.`,
    {
      path: file.path,
    },
  );
}

/** The note's text with the heading renamed and its self-links rewritten; throws on any refusal. */
function renameInNote(
  host: VaultHost,
  path: string,
  text: string,
  from: HeadingSelector,
  name: string,
) {
  const cache = parseMetadata(text);
  const headings = cache.headings ?? [];
  const index = locateHeading(path, headings, from);
  assertNameFree(path, headings, index, name);
  const target: RenamedHeading = { path, headings, index, linkText: headingLinkText(name) };
  const headingEdit = headingTextEdit(new LineTable(text), headings[index] as HeadingCache, name);
  const links = headingLinkEdits(host, path, text, cache, target).filter(
    (edit) => edit.end <= headingEdit.start || edit.start >= headingEdit.end,
  );
  const renamed = applyEdits(text, [headingEdit, ...links]);
  assertReadsBack(renamed, headings[index] as HeadingCache, name);
  return { text: renamed, target, links: links.length };
}

/** Refuses a name Markdown would read differently (a trailing " #", say): nothing is written. */
function assertReadsBack(text: string, before: HeadingCache, name: string): void {
  const after = parseMetadata(text).headings?.find(
    (heading) => heading.position.start.line === before.position.start.line,
  );
  if (after?.level === before.level && after.heading.replace(/\s+/g, ' ').trim() === name) return;
  throw new ToolError(
    'invalid_arguments',
    `"${name}" would not read back as that heading in Markdown; choose a name without heading syntax.`,
  );
}

/** Other notes whose links (as the metadata cache has them) reach the heading. */
function referencingNotes(host: VaultHost, target: RenamedHeading): string[] {
  return Object.entries(host.resolvedLinks())
    .filter(
      ([source, targets]) =>
        source !== target.path && source.endsWith('.md') && Object.hasOwn(targets, target.path),
    )
    .filter(([source]) => {
      const cache = host.getFileCache(source);
      const links = [
        ...(cache?.links ?? []),
        ...(cache?.embeds ?? []),
        ...(cache?.frontmatterLinks ?? []),
      ];
      return links.some((link) => linkReaches(host, source, link.link, target));
    })
    .map(([source]) => source)
    .sort();
}

async function rewriteLinksIn(
  host: VaultHost,
  source: string,
  target: RenamedHeading,
): Promise<ChangedFile | null> {
  const file = host.getFile(source);
  if (file === null) return null;
  let edits: TextEdit[] = [];
  const result = await editText(host, file, (current) => {
    edits = headingLinkEdits(host, source, current, parseMetadata(current), target);
    return applyEdits(current, edits);
  });
  return result.changed ? { path: source, links: edits.length, revision: result.revision } : null;
}

/** Canvases with a link to the heading; they are reported, not rewritten. */
async function canvasesReaching(host: VaultHost, target: RenamedHeading): Promise<string[]> {
  const canvases: string[] = [];
  for (const [source, targets] of Object.entries(host.resolvedLinks())) {
    if (!source.endsWith('.canvas') || !Object.hasOwn(targets, target.path)) continue;
    const { links = [], embeds = [] } = parseCanvasLinks(await host.read(source));
    if ([...links, ...embeds].some((link) => linkReaches(host, source, link.link, target))) {
      canvases.push(source);
    }
  }
  return canvases.sort();
}
