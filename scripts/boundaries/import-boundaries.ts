/**
 * The import boundaries of the layout (docs/architecture/ADR-0001), checked over the import graph
 * (import-graph.ts) rather than trusted to review. Every source file under packages/ and scripts/,
 * tests included, is held to these rules:
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
 * - `import-cycle`: no circle of runtime imports between files (dynamic `import()` included; a
 *   type-only import is erased, so it cannot make one). In a circle, one of the modules runs
 *   before what it imports exists, and neither file can be understood without the other.
 * - `feature-cycle`: no circle between feature folders, counting every import of their shipped
 *   code (type-only ones too): a feature that uses another is built on it, and the other must
 *   not know it back. What two features both need lives outside both (host/, packages/shared).
 *   Tests and test support do not count: a test may drive its feature through one built on it
 *   (a tool, through callTool) to check how the two meet.
 * - `long-file`: no source file over 500 lines, tests included (DESIGN.md: small files, split
 *   along the pipeline). Built and generated folders are not read at all.
 *
 * `bun run boundaries` prints the violations and fails when there are any;
 * import-boundaries.test.ts runs the same check in the gate.
 */
import { join, relative } from 'node:path';
import { circles } from './cycles.ts';
import {
  importsOf,
  readRepository,
  type ImportKind,
  resolveSpecifier,
  type SourceFile,
  type WorkspacePackage,
} from './import-graph.ts';

export { readRepository, type SourceFile, type WorkspacePackage } from './import-graph.ts';

/** An import that crosses a boundary. */
export interface ImportViolation {
  rule: 'feature-internals' | 'plugin-imports-headless';
  file: string;
  specifier: string;
  /** The repository path the specifier resolves to, when it resolves inside the repository. */
  target: string | null;
}

/** A circle: of files (runtime imports) or of feature folders (shipped code's imports). */
export interface CircleViolation {
  rule: 'import-cycle' | 'feature-cycle';
  /** The circle's first file, or the first feature's folder. */
  file: string;
  /** The files, or feature names, in import order; the last imports the first. */
  circle: string[];
  /** For each step of the circle, the import that makes it: `file imports 'specifier'`. */
  through: string[];
  /** Everything in the knot the circle is in: cutting the circle may leave another circle. */
  knot: string[];
}

export interface LengthViolation {
  rule: 'long-file';
  file: string;
  lines: number;
}

export type Violation = ImportViolation | CircleViolation | LengthViolation;
export type BoundaryRule = Violation['rule'];

export const MAX_LINES = 500;

const FEATURES = 'packages/obsidian-plugin/src/features/';
const FEATURE = /^packages\/obsidian-plugin\/src\/features\/([^/]+)\/(.+)$/;
const FEATURE_ENTRIES = new Set(['index.ts', 'components/index.ts']);
const PLUGIN = 'packages/obsidian-plugin/';
/** The simulated Obsidian runs the plugin's tests, so it must not lean on headless either. */
const SIMULATION = 'packages/obsidian-sim/';
const HEADLESS = 'packages/headless/';
const HEADLESS_PACKAGE = '@mcp-connector/headless';

/** One import, resolved: who imports what, how. */
interface Edge {
  file: string;
  specifier: string;
  target: string | null;
  kind: ImportKind;
}

export function findViolations(
  files: readonly SourceFile[],
  packages: readonly WorkspacePackage[],
): Violation[] {
  const edges = files.flatMap((file) =>
    importsOf(file).map(({ specifier, kind }): Edge => {
      const target = resolveSpecifier(file.path, specifier, packages);
      return { file: file.path, specifier, target, kind };
    }),
  );
  return [
    ...edges.flatMap(importViolations),
    ...importCycles(edges, new Set(files.map((file) => file.path))),
    ...featureCycles(edges),
    ...files.flatMap(longFile),
  ];
}

function importViolations({ file, specifier, target }: Edge): ImportViolation[] {
  const found: ImportViolation[] = [];
  if (crossesFeatureBoundary(file, target))
    found.push({ rule: 'feature-internals', file, specifier, target });
  if (importsHeadless(file, specifier, target))
    found.push({ rule: 'plugin-imports-headless', file, specifier, target });
  return found;
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

/** Circles of runtime imports between the files read. */
function importCycles(edges: readonly Edge[], paths: ReadonlySet<string>): CircleViolation[] {
  const runtime = edges.filter(
    (edge) => edge.kind === 'runtime' && edge.target !== null && paths.has(edge.target),
  );
  return circlesOf(runtime, (path) => path).map((found) => ({
    rule: 'import-cycle',
    file: found.circle[0] as string,
    ...found,
  }));
}

/** Circles between feature folders, over every import their shipped files make. */
function featureCycles(edges: readonly Edge[]): CircleViolation[] {
  const between = edges.filter((edge) => {
    if (isTestOrScript(edge.file)) return false;
    const from = featureOf(edge.file);
    const to = edge.target === null ? null : featureOf(edge.target);
    return from !== null && to !== null && from !== to;
  });
  return circlesOf(between, (path) => featureOf(path) as string).map((found) => ({
    rule: 'feature-cycle',
    file: `${FEATURES}${found.circle[0]}/`,
    ...found,
  }));
}

function featureOf(path: string): string | null {
  return FEATURE.exec(path)?.[1] ?? null;
}

/**
 * The circles of the graph whose nodes are `nodeOf` each edge's ends, each step named by the
 * first import (in the order read) that makes it.
 */
function circlesOf(
  edges: readonly Edge[],
  nodeOf: (path: string) => string,
): Pick<CircleViolation, 'circle' | 'through' | 'knot'>[] {
  const graph = new Map<string, string[]>();
  const witness = new Map<string, Edge>();
  for (const edge of edges) {
    const [from, to] = [nodeOf(edge.file), nodeOf(edge.target as string)];
    const step = `${from}\n${to}`;
    if (witness.has(step)) continue;
    witness.set(step, edge);
    graph.set(from, [...(graph.get(from) ?? []), to]);
  }
  return circles(graph).map(({ path: circle, knot }) => ({
    circle,
    knot,
    through: circle.map((from, index) => {
      const to = circle[(index + 1) % circle.length] as string;
      const edge = witness.get(`${from}\n${to}`) as Edge;
      return `${edge.file} imports '${edge.specifier}'`;
    }),
  }));
}

function longFile(file: SourceFile): LengthViolation[] {
  const lines = lineCount(file.text);
  return lines > MAX_LINES ? [{ rule: 'long-file', file: file.path, lines }] : [];
}

/** Lines as `wc -l` counts them, plus an unterminated last line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

export function describeViolation(violation: Violation): string {
  switch (violation.rule) {
    case 'feature-internals':
      return `${violation.file}: '${violation.specifier}' reaches into another feature's internals; import its index.ts`;
    case 'plugin-imports-headless':
      return `${violation.file}: '${violation.specifier}' imports the headless package from the plugin`;
    case 'import-cycle':
      return `${violation.file}: runtime imports go round in a circle (${circleText(violation)}); cut one: move what both need to a file of its own, or import only types`;
    case 'feature-cycle':
      return `${violation.file}: features import each other in a circle (${circleText(violation)}); cut one: move what both need out of both features (host/, packages/shared), or pass it in`;
    case 'long-file':
      return `${violation.file}: ${violation.lines} lines, over the ${MAX_LINES} a source file may have; split it along its pipeline`;
  }
}

function circleText({ circle, through, knot }: CircleViolation): string {
  const others = knot.filter((node) => !circle.includes(node));
  const knotted = others.length === 0 ? '' : `; the knot also holds ${others.join(', ')}`;
  return `${[...circle, circle[0]].join(' -> ')}: ${through.join(', ')}${knotted}`;
}

if (import.meta.main) {
  const root = join(import.meta.dir, '..', '..');
  const { files, packages } = readRepository(root);
  const violations = findViolations(files, packages);
  for (const violation of violations) console.log(describeViolation(violation));
  console.log(
    `${violations.length} problem(s) with imports or file lengths in ${files.length} files under ${relative(process.cwd(), root) || '.'}.`,
  );
  if (violations.length > 0) process.exitCode = 1;
}
