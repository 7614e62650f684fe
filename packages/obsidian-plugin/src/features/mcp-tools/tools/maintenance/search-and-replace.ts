/**
 * search_and_replace: a regex (JavaScript syntax, run in linear time by RE2 under a time budget:
 * services/regex) replaced across the notes in scope (a folder or one
 * note; services/note-scope.ts). A dry run (the default) writes nothing and shows, per file, the
 * match count and up to 3 previews (for the first 20 files listed). Applying writes each
 * changed note once, atomically (`editText`: one `host.process`), recomputing the replacement
 * on the text current under the write lock, and returns each new revision.
 * Frontmatter and code (fenced, indented, inline) are left alone unless includeFrontmatter /
 * includeCode; matches there count as `skippedMatches`. Only notes (.md) are searched. The file
 * list is capped at the default list size (200) with `total` and `truncated`; the counts and
 * the writes always cover every file.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { takePage } from '../../services/list-limits.ts';
import { editText } from '../../services/note-access.ts';
import { notesIn, resolveScope } from './services/note-scope.ts';
import { RegexBudget, compilePattern, type UserRegex } from '../../services/regex/index.ts';
import { replaceInNote, type Preview } from './services/text-replace.ts';

const PREVIEWS_PER_FILE = 3;
const FILES_WITH_PREVIEWS = 20;

interface Options {
  regex: UserRegex;
  /** One budget for the whole call: the dry pass and the writes together. */
  budget: RegexBudget;
  replacement: string;
  includeFrontmatter: boolean;
  includeCode: boolean;
}

interface FileMatches {
  file: VaultFile;
  replacements: number;
  previews: Preview[];
}

export const searchAndReplace = defineTool({
  name: 'search_and_replace',
  title: 'Search and replace',
  description:
    'Regex replace in notes (scope: folder or note). Dry run by default: counts, previews. Frontmatter and code skipped unless included.',
  input: type({
    pattern: 'string',
    replacement: 'string',
    'flags?': 'string',
    'dry_run?': 'boolean',
    'scope?': 'string',
    'includeFrontmatter?': 'boolean',
    'includeCode?': 'boolean',
  }),
  annotations: DESTRUCTIVE,
  handler: async (args, ctx) => {
    const options: Options = {
      regex: compilePattern(args.pattern, args.flags ?? 'g'),
      budget: new RegexBudget(),
      replacement: args.replacement,
      includeFrontmatter: args.includeFrontmatter ?? false,
      includeCode: args.includeCode ?? false,
    };
    const { found, skipped } = await matchingFiles(ctx.host, args.scope, options);
    if (args.dry_run ?? true) return dryRunResult(found, skipped);
    const changed = await applyAll(ctx.host, found, options);
    const page = takePage(changed, undefined);
    return {
      dryRun: false,
      filesChanged: changed.length,
      replacements: sum(changed, (entry) => entry.replacements),
      skippedMatches: skipped,
      files: page.items,
      total: page.total,
      truncated: page.truncated,
    };
  },
});

function dryRunResult(found: readonly FileMatches[], skipped: number) {
  const page = takePage(found, undefined);
  return {
    dryRun: true,
    filesMatched: found.length,
    replacements: sum(found, (entry) => entry.replacements),
    skippedMatches: skipped,
    files: page.items.map((entry, index) => ({
      path: entry.file.path,
      replacements: entry.replacements,
      ...(index < FILES_WITH_PREVIEWS ? { previews: entry.previews } : {}),
    })),
    total: page.total,
    truncated: page.truncated,
  };
}

/** Notes in scope with at least one replacement, sorted by path; all skipped matches counted. */
async function matchingFiles(
  host: VaultHost,
  rawScope: string | undefined,
  options: Options,
): Promise<{ found: FileMatches[]; skipped: number }> {
  const scope = resolveScope(host, rawScope);
  const notes = notesIn(host, scope);
  if (scope.kind === 'file' && notes.length === 0) {
    throw new ToolError(
      'unsupported',
      `${scope.scope} is not a note; search_and_replace edits Markdown notes.`,
      { scope: scope.scope },
    );
  }
  const found: FileMatches[] = [];
  let skipped = 0;
  for (const file of notes) {
    const outcome = replaceInNote(await host.read(file.path), options, PREVIEWS_PER_FILE);
    await options.budget.pause();
    skipped += outcome.skipped;
    const { replacements, previews } = outcome;
    if (replacements > 0) found.push({ file, replacements, previews });
  }
  return { found, skipped };
}

interface ChangedFile {
  path: string;
  replacements: number;
  revision: string;
}

/** Writes each note with replacements, one atomic edit apiece, on its current text. */
async function applyAll(host: VaultHost, files: readonly FileMatches[], options: Options) {
  const changed: ChangedFile[] = [];
  for (const { file } of files) {
    const edited = await applyOne(host, file, options);
    if (edited !== null) changed.push(edited);
  }
  return changed;
}

/** One note's edit; null when nothing changed or the note was deleted since it was read. */
async function applyOne(host: VaultHost, file: VaultFile, options: Options) {
  let replacements = 0;
  const replace = (current: string) => {
    const outcome = replaceInNote(current, options, 0);
    replacements = outcome.replacements;
    return outcome.text;
  };
  try {
    const { changed, revision } = await editText(host, file, replace);
    return changed ? { path: file.path, replacements, revision } : null;
  } catch (error) {
    if (error instanceof ToolError && error.code === 'not_found') return null;
    throw error;
  }
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
