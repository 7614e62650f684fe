/**
 * `bun run release:check-name [-- --file PATH] [--removed-file PATH] [--repository OWNER/NAME]
 * [--skip-npm]`: checks that the names of docs/architecture/ADR-0035-local-mcp-server.md are
 * still ours to take. Against the community directory's list (community-plugins.json, fetched
 * from obsidianmd/obsidian-releases, which mirrors the directory hourly, or read from --file): no
 * entry has our plugin's name or id, in any case; the id of a removed plugin
 * (community-plugins-removed.json) is not reused; and the directory's naming rules hold (no
 * "obsidian" in the id, no "Obsidian" in the name, no trailing "plugin"); our own entry, once
 * listed, is the one whose repo is --repository ($GITHUB_REPOSITORY in a workflow). Against the
 * npm registry: `npm view` answers E404 for the package, or shows ours (its repository is that
 * one). Exits 1 naming each problem.
 */
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const RELEASES = 'https://raw.githubusercontent.com/obsidianmd/obsidian-releases/HEAD';
export const PLUGINS_URL = `${RELEASES}/community-plugins.json`;
export const REMOVED_URL = `${RELEASES}/community-plugins-removed.json`;

export interface DirectoryEntry {
  id: string;
  name: string;
  repo?: string;
}

export interface OurNames {
  pluginName: string;
  pluginId: string;
  npmPackage: string;
}

export interface Findings {
  /** Each one stops a submission or a publish. */
  problems: string[];
  /** Worth knowing, not blocking (the directory only recommends against them). */
  warnings: string[];
}

const fold = (text: string) => text.toLowerCase();

/**
 * The directory's own rules for a new entry's name and id: the submission guide's ("The `id`
 * must be unique across all published plugins and can't contain `obsidian`") and those its
 * validator applied to every submission until May 2026 (obsidian-releases' retired
 * validate-plugin-entry workflow).
 */
export function namingRuleProblems(names: Pick<OurNames, 'pluginName' | 'pluginId'>): string[] {
  const { pluginId: id, pluginName: name } = names;
  const problems: string[] = [];
  if (fold(id).includes('obsidian')) problems.push(`the id "${id}" contains "obsidian"`);
  if (fold(id).endsWith('plugin')) problems.push(`the id "${id}" ends with "plugin"`);
  if (!/^[a-z0-9-_]+$/.test(id))
    problems.push(`the id "${id}" has characters other than a-z, 0-9, "-" and "_"`);
  if (fold(name).includes('obsidian')) problems.push(`the name "${name}" contains "Obsidian"`);
  if (fold(name).endsWith('plugin')) problems.push(`the name "${name}" ends with "Plugin"`);
  if (fold(name).startsWith('obsi') || fold(name).endsWith('dian'))
    problems.push(`the name "${name}" starts or ends with a part of "Obsidian"`);
  return problems;
}

/**
 * Entries that already use our name or id, in any case; removed plugins' ids stay taken. Our
 * own entry (its repo is `repository`, once listed) is no clash.
 */
export function directoryFindings(
  names: Pick<OurNames, 'pluginName' | 'pluginId'>,
  plugins: readonly DirectoryEntry[],
  removed: readonly DirectoryEntry[] = [],
  repository: string | null = null,
): Findings {
  const problems = namingRuleProblems(names);
  const warnings: string[] = [];
  const sameId = (entry: DirectoryEntry) => fold(entry.id) === fold(names.pluginId);
  const sameName = (entry: DirectoryEntry) => fold(entry.name) === fold(names.pluginName);
  const where = (entry: DirectoryEntry) =>
    `"${entry.name}" (id ${entry.id}${entry.repo === undefined ? '' : `, ${entry.repo}`})`;
  const ours = (entry: DirectoryEntry) =>
    repository !== null && fold(entry.repo ?? '') === fold(repository);
  for (const entry of plugins.filter((candidate) => !ours(candidate))) {
    if (sameId(entry)) problems.push(`the id "${names.pluginId}" is taken by ${where(entry)}`);
    if (sameName(entry))
      problems.push(`the name "${names.pluginName}" is taken by ${where(entry)}`);
  }
  for (const entry of removed) {
    if (sameId(entry))
      problems.push(`the id "${names.pluginId}" belonged to the removed plugin ${where(entry)}`);
    if (sameName(entry))
      warnings.push(
        `the name "${names.pluginName}" belonged to the removed plugin ${where(entry)}`,
      );
  }
  return { problems, warnings };
}

/** What `npm view NAME name repository --json` answered. */
export type RegistryAnswer =
  | { kind: 'absent' }
  | { kind: 'present'; repository: string | null }
  | { kind: 'failed'; message: string };

export function registryAnswerOf(status: number | null, stdout: string): RegistryAnswer {
  let body: unknown;
  try {
    body = JSON.parse(stdout);
  } catch {
    return { kind: 'failed', message: stdout.trim() || `npm view exited with ${status}` };
  }
  const record = (body ?? {}) as {
    error?: { code?: string; summary?: string };
    repository?: unknown;
  };
  if (record.error !== undefined) {
    if (record.error.code === 'E404') return { kind: 'absent' };
    return { kind: 'failed', message: record.error.summary ?? String(record.error.code) };
  }
  const repository = record.repository;
  const url =
    typeof repository === 'string'
      ? repository
      : typeof (repository as { url?: unknown } | null)?.url === 'string'
        ? (repository as { url: string }).url
        : null;
  return { kind: 'present', repository: url };
}

/** The package is free (E404) or it is ours: its repository names `repository` (owner/name). */
export function registryFindings(
  npmPackage: string,
  answer: RegistryAnswer,
  repository: string | null,
): Findings {
  if (answer.kind === 'absent') return { problems: [], warnings: [] };
  if (answer.kind === 'failed')
    return { problems: [`npm view ${npmPackage} failed: ${answer.message}`], warnings: [] };
  const ours =
    repository !== null &&
    answer.repository !== null &&
    fold(answer.repository).includes(`github.com/${fold(repository)}`);
  if (ours) return { problems: [], warnings: [] };
  const whose = answer.repository ?? 'no repository';
  const hint = repository === null ? ' (give --repository OWNER/NAME if it is ours)' : '';
  return {
    problems: [`the npm package "${npmPackage}" exists (${whose}) and is not ours${hint}`],
    warnings: [],
  };
}

function askRegistry(npmPackage: string): RegistryAnswer {
  const view = spawnSync('npm', ['view', npmPackage, 'name', 'repository', '--json'], {
    encoding: 'utf8',
  });
  if (view.error !== undefined) return { kind: 'failed', message: view.error.message };
  return registryAnswerOf(view.status, view.stdout);
}

async function entriesFrom(file: string | undefined, url: string): Promise<DirectoryEntry[]> {
  const text =
    file === undefined
      ? await fetch(url).then((response) => {
          if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
          return response.text();
        })
      : await readFile(file, 'utf8');
  const entries = JSON.parse(text) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${file ?? url} is not a JSON array`);
  return entries as DirectoryEntry[];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      'removed-file': { type: 'string' },
      repository: { type: 'string' },
      'skip-npm': { type: 'boolean' },
    },
  });
  const plugins = await entriesFrom(values.file, PLUGINS_URL);
  // The removed list matters less than the live one: without it, say so and go on.
  const removed = await entriesFrom(values['removed-file'], REMOVED_URL).catch((error: unknown) => {
    console.warn(`warning: removed plugins not checked: ${String(error)}`);
    return [];
  });
  const repository = values.repository ?? process.env.GITHUB_REPOSITORY ?? null;
  const findings = [directoryFindings(PRODUCT_NAMES, plugins, removed, repository)];
  if (values['skip-npm'] !== true) {
    const answer = askRegistry(PRODUCT_NAMES.npmPackage);
    findings.push(registryFindings(PRODUCT_NAMES.npmPackage, answer, repository));
  }
  for (const warning of findings.flatMap((found) => found.warnings))
    console.warn(`warning: ${warning}`);
  const problems = findings.flatMap((found) => found.problems);
  const checked = `${plugins.length} plugins and ${removed.length} removed ones${values['skip-npm'] === true ? '' : ', and the npm registry'}`;
  if (problems.length === 0) {
    const npm =
      values['skip-npm'] === true ? '' : ` and the npm package "${PRODUCT_NAMES.npmPackage}"`;
    console.log(
      `The name "${PRODUCT_NAMES.pluginName}", the id "${PRODUCT_NAMES.pluginId}"${npm} are free (checked ${checked}).`,
    );
    return 0;
  }
  console.error(`Checked ${checked}:\n- ${problems.join('\n- ')}`);
  return 1;
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
