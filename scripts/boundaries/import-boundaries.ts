/**
 * The import boundaries of the layout (docs/architecture/ADR-0001), checked over the import graph
 * rather than trusted to review. Every import and re-export (type-only and dynamic ones too) of
 * every source file under packages/ and scripts/ is resolved to a repository path, then:
 *
 * - `feature-internals`: code outside `packages/obsidian-plugin/src/features/<name>/` enters that
 *   feature only through its `index.ts`, or its UI (code that imports runtime values from
 *   'obsidian', which headless must not load) through `components/index.ts`. Tests, test support
 *   and scripts may also use the feature's `test-support/` folders (doubles made to be shared);
 *   shipped code may not.
 * - `plugin-imports-headless`: nothing under packages/obsidian-plugin (tests included) imports
 *   the headless package, which composes the plugin: the dependency points one way only. Plugin
 *   tests get their host from host/test-support/test-host.ts (docs/architecture/ADR-0011), over
 *   packages/obsidian-sim, which the rule covers too.
 *
 * `bun run boundaries` prints the violations; import-boundaries.test.ts runs the same check in
 * the gate. Specifiers are resolved as written: relative paths against the importing file, and
 * `@mcp-connector/<package>[/subpath]` through that package's `exports` map.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

export type BoundaryRule = 'feature-internals' | 'plugin-imports-headless';

export interface SourceFile {
  /** Repository-relative, forward slashes. */
  path: string;
  text: string;
}

export interface Violation {
  rule: BoundaryRule;
  file: string;
  specifier: string;
  /** The repository path the specifier resolves to, when it resolves inside the repository. */
  target: string | null;
}

/** A workspace package: its name, folder and `exports` map (subpath -> file). */
export interface WorkspacePackage {
  name: string;
  folder: string;
  exports: Record<string, string>;
}

const FEATURE = /^packages\/obsidian-plugin\/src\/features\/([^/]+)\/(.+)$/;
const FEATURE_ENTRIES = new Set(['index.ts', 'components/index.ts']);
const PLUGIN = 'packages/obsidian-plugin/';
/** The simulated Obsidian runs the plugin's tests, so it must not lean on headless either. */
const SIMULATION = 'packages/obsidian-sim/';
const HEADLESS = 'packages/headless/';
const HEADLESS_PACKAGE = '@mcp-connector/headless';
const SOURCE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.svelte'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'demo-vault', 'generated', 'release', 'dist']);

export function findViolations(
  files: readonly SourceFile[],
  packages: readonly WorkspacePackage[],
): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const specifier of importSpecifiers(file)) {
      const target = resolveSpecifier(file.path, specifier, packages);
      if (crossesFeatureBoundary(file.path, target))
        violations.push({ rule: 'feature-internals', file: file.path, specifier, target });
      if (importsHeadless(file.path, specifier, target))
        violations.push({ rule: 'plugin-imports-headless', file: file.path, specifier, target });
    }
  }
  return violations;
}

/** The specifiers a file imports or re-exports; a Svelte component's come from its scripts. */
export function importSpecifiers(file: SourceFile): string[] {
  const code = file.path.endsWith('.svelte') ? svelteScripts(file.text) : file.text;
  const { importedFiles } = ts.preProcessFile(code, true, true);
  return importedFiles.map((imported) => imported.fileName);
}

function svelteScripts(text: string): string {
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .join('\n');
}

/** The repository path a specifier names, or null for a package outside the workspace. */
export function resolveSpecifier(
  importer: string,
  specifier: string,
  packages: readonly WorkspacePackage[],
): string | null {
  if (specifier.startsWith('.')) return toPosix(normalize(join(dirname(importer), specifier)));
  const owner = packages.find(
    (candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
  );
  if (owner === undefined) return null;
  const subpath = `.${specifier.slice(owner.name.length)}`;
  const file = owner.exports[subpath];
  return file === undefined ? null : toPosix(normalize(join(owner.folder, file)));
}

function crossesFeatureBoundary(importer: string, target: string | null): boolean {
  const into = target === null ? null : FEATURE.exec(target);
  if (into === null) return false;
  const [, feature, inside] = into as unknown as [string, string, string];
  if (FEATURE.exec(importer)?.[1] === feature) return false;
  if (FEATURE_ENTRIES.has(inside)) return false;
  return !(inside.split('/').includes('test-support') && isTestOrScript(importer));
}

function isTestOrScript(path: string): boolean {
  return (
    path.startsWith('scripts/') ||
    /\.test\.[mc]?[jt]s$/.test(path) ||
    path.split('/').includes('test-support')
  );
}

function importsHeadless(importer: string, specifier: string, target: string | null): boolean {
  if (!importer.startsWith(PLUGIN) && !importer.startsWith(SIMULATION)) return false;
  const namesPackage =
    specifier === HEADLESS_PACKAGE || specifier.startsWith(`${HEADLESS_PACKAGE}/`);
  return namesPackage || (target?.startsWith(HEADLESS) ?? false);
}

/** Every source file the rules cover: packages' sources and tests, and scripts/. */
export function readRepository(root: string): {
  files: SourceFile[];
  packages: WorkspacePackage[];
} {
  const files = [...walk(root, 'packages'), ...walk(root, 'scripts')].map((path) => ({
    path,
    text: readFileSync(join(root, path), 'utf8'),
  }));
  return { files, packages: readPackages(root) };
}

function walk(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...walk(root, path));
    } else if (SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension))) {
      found.push(path);
    }
  }
  return found;
}

function readPackages(root: string): WorkspacePackage[] {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const folder = `packages/${entry.name}`;
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
        name: string;
        exports?: Record<string, string>;
      };
      return { name: manifest.name, folder, exports: manifest.exports ?? {} };
    });
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

export function describeViolation(violation: Violation): string {
  const reason =
    violation.rule === 'feature-internals'
      ? "reaches into another feature's internals; import its index.ts"
      : 'imports the headless package from the plugin';
  return `${violation.file}: '${violation.specifier}' ${reason}`;
}

if (import.meta.main) {
  const root = join(import.meta.dir, '..', '..');
  const { files, packages } = readRepository(root);
  const violations = findViolations(files, packages);
  for (const violation of violations) console.log(describeViolation(violation));
  console.log(
    `${violations.length} import(s) cross a boundary in ${files.length} files under ${relative(process.cwd(), root) || '.'}.`,
  );
}
