/**
 * search_and_replace: a regex (JavaScript syntax, run in linear time by RE2 under a time budget:
 * services/regex) replaced across the notes in scope (a folder or one
 * note; services/note-scope.ts). A dry run (the default) writes nothing and shows, per file, the
 * match count, its revision and up to 3 previews (for the first 20 files listed). Applying with
 * `expectedRevisions` (path -> revision, as the dry run showed) first checks that each of those
 * notes is still at its revision and refuses, writing nothing, when one is not. Applying writes each
 * changed note once, atomically (`editText`: one `host.process`), recomputing the replacement
 * on the text current under the write lock, and returns each new revision.
 * Frontmatter and code (fenced, indented, inline) are left alone unless includeFrontmatter /
 * includeCode; matches there count as `skippedMatches`. Only notes (.md) are searched. The file
 * list is capped at the default list size (200) with `total` and `truncated`; the counts and
 * the writes always cover every file. Notes are read from the host's index where it holds their
 * texts (headless, as search reads them), with their sections from its metadata, else from the
 * vault.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { DEFAULT_LIST_LIMIT, takePage } from '../../services/list-limits.ts';
import { longSteps } from '../../services/long-steps.ts';
import { editText, readText } from '../../services/note-access.ts';
import { revisionOf } from '../../services/revision.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { notesIn, resolveScope } from '../../services/note-scope.ts';
import { RegexBudget, compilePattern, type UserRegex } from '../../services/regex/index.ts';
import type { ToolContext } from '../../tool-context.ts';
import { replaceInNote, type Preview } from './services/text-replace.ts';

const PREVIEWS_PER_FILE = 3;
const FILES_WITH_PREVIEWS = 20;

interface Options {
  regex: UserRegex;
  /** The regex's time, started anew for each note (in the dry pass and in its write). */
  budget: RegexBudget;
  replacement: string;
  includeFrontmatter: boolean;
  includeCode: boolean;
}

interface FileMatches {
  file: VaultFile;
  /** The revision read, for the files the dry run lists (the first DEFAULT_LIST_LIMIT); else ''. */
  revision: string;
  replacements: number;
  previews: Preview[];
}

export const searchAndReplace = defineTool({
  name: 'search_and_replace',
  title: 'Search and replace',
  description:
    'Regex replace in notes (scope: folder or note); dry run by default. Frontmatter and code only if included.',
  input: () =>
    type({
      pattern: 'string',
      replacement: 'string',
      'flags?': 'string',
      'dry_run?': 'boolean',
      'scope?': 'string',
      'includeFrontmatter?': 'boolean',
      'includeCode?': 'boolean',
      'expectedRevisions?': 'Record<string, string>',
    }),
  annotations: DESTRUCTIVE,
  long: true,
  handler: async (args, ctx) => {
    const options: Options = {
      regex: compilePattern(args.pattern, args.flags ?? 'g'),
      budget: new RegexBudget(),
      replacement: args.replacement,
      includeFrontmatter: args.includeFrontmatter ?? false,
      includeCode: args.includeCode ?? false,
    };
    const dryRun = args.dry_run ?? true;
    const { found, skipped, scanned } = await matchingFiles(ctx, args.scope, options, !dryRun);
    if (dryRun) return dryRunResult(found, skipped);
    const expected = await checkExpectedRevisions(ctx.host, args.expectedRevisions ?? {});
    const changed = await applyAll(ctx, found, options, expected, scanned);
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
      revision: entry.revision,
      replacements: entry.replacements,
      ...(index < FILES_WITH_PREVIEWS ? { previews: entry.previews } : {}),
    })),
    total: page.total,
    truncated: page.truncated,
  };
}

/**
 * Notes in scope with at least one replacement, sorted by path; all skipped matches counted.
 * Before an apply the pass counts as half the work at most: the writes are the other half.
 */
async function matchingFiles(
  ctx: ToolContext,
  rawScope: string | undefined,
  options: Options,
  applying: boolean,
): Promise<{ found: FileMatches[]; skipped: number; scanned: number }> {
  const host = ctx.host;
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
  // A host that keeps the texts in memory (NodeHost, current by its watcher) reads no note.
  const answers = host.answers();
  const look = async (file: VaultFile) => {
    const content = await answers.noteText(file.path);
    const withPreviews = found.length < FILES_WITH_PREVIEWS;
    options.budget.forNote(file.path);
    const outcome = replaceInNote(content, options, withPreviews ? PREVIEWS_PER_FILE : 0, () =>
      answers.noteSections(file.path, content),
    );
    skipped += outcome.skipped;
    const { replacements, previews } = outcome;
    if (replacements === 0) return;
    // Hashed only where the dry run lists it: a vault-wide run matches thousands of notes.
    const revision = found.length < DEFAULT_LIST_LIMIT ? revisionOf(content) : '';
    found.push({ file, revision, replacements, previews });
  };
  const total = (applying ? 2 : 1) * notes.length;
  await longSteps(ctx, notes, 'Looking for the pattern', look, { total });
  return { found, skipped, scanned: notes.length };
}

interface ChangedFile {
  path: string;
  replacements: number;
  revision: string;
}

/**
 * The expected revisions by normalised path, each checked now: `precondition_failed` names every
 * note that is missing or moved on, before anything is written.
 */
async function checkExpectedRevisions(
  host: VaultHost,
  given: Record<string, string>,
): Promise<Map<string, string>> {
  const expected = new Map<string, string>();
  const stale: { path: string; expectedRevision: string; currentRevision: string | null }[] = [];
  for (const [rawPath, expectedRevision] of Object.entries(given)) {
    const path = normalizeVaultPath(rawPath, host.configDir);
    const file = host.getFile(path);
    const currentRevision = file === null ? null : (await readText(host, file)).revision;
    if (currentRevision !== expectedRevision)
      stale.push({ path, expectedRevision, currentRevision });
    expected.set(path, expectedRevision);
  }
  if (stale.length > 0) {
    throw new ToolError(
      'precondition_failed',
      `Nothing was replaced: ${stale.map((entry) => entry.path).join(', ')} changed since the dry run; run it again.`,
      { files: stale },
    );
  }
  return expected;
}

/** Writes each note with replacements, one atomic edit apiece, on its current text. */
async function applyAll(
  ctx: ToolContext,
  files: readonly FileMatches[],
  options: Options,
  expected: ReadonlyMap<string, string>,
  scanned: number,
) {
  const changed: ChangedFile[] = [];
  const write = async ({ file }: FileMatches) => {
    const edited = await applyOne(ctx.host, file, options, expected.get(file.path));
    if (edited !== null) changed.push(edited);
  };
  await longSteps(ctx, files, 'Replacing in notes', write, { before: scanned });
  return changed;
}

/** One note's edit; null when nothing changed or the note was deleted since it was read. */
async function applyOne(
  host: VaultHost,
  file: VaultFile,
  options: Options,
  expectedRevision: string | undefined,
) {
  let replacements = 0;
  const replace = (current: string) => {
    options.budget.forNote(file.path);
    const outcome = replaceInNote(current, options, 0);
    replacements = outcome.replacements;
    return outcome.text;
  };
  try {
    const { changed, revision } = await editText(host, file, replace, expectedRevision);
    return changed ? { path: file.path, replacements, revision } : null;
  } catch (error) {
    if (error instanceof ToolError && error.code === 'not_found') return null;
    throw error;
  }
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
