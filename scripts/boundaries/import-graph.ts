/**
 * The repository's import graph, as import-boundaries.ts checks it: every source file under
 * packages/ and scripts/ (tests included; built and generated folders skipped), each import and
 * re-export it makes, and the repository path each resolves to. Specifiers are resolved as
 * written: relative paths against the importing file, and `@mcp-connector/<package>[/subpath]`
 * through that package's `exports` map.
 *
 * An import is `type` when the compiler erases it (`import type`, `export type`, a type's
 * `import('x')`), else `runtime`: it loads the module (an `import('x')` call too, on first use).
 * `import { type A } from 'x'` stays `runtime`: under verbatimModuleSyntax (tsconfig.base.json)
 * it compiles to `import {} from 'x'`, which still loads the module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** Repository-relative, forward slashes. */
  path: string;
  text: string;
}

/** A workspace package: its name, folder and `exports` map (subpath -> file). */
export interface WorkspacePackage {
  name: string;
  folder: string;
  exports: Record<string, string>;
}

export type ImportKind = 'runtime' | 'type';

export interface Import {
  specifier: string;
  kind: ImportKind;
}

const SOURCE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.svelte'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'demo-vault', 'generated', 'release', 'dist']);

/** What a file imports or re-exports, in order; a Svelte component's come from its scripts. */
export function importsOf(file: SourceFile): Import[] {
  const code = file.path.endsWith('.svelte') ? svelteScripts(file.text) : file.text;
  const kind = /\.m?js$/.test(file.path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file.path, code, ts.ScriptTarget.Latest, false, kind);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    const imported = importAt(node);
    if (imported !== null) found.push(imported);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importAt(node: ts.Node): Import | null {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
    const specifier = node.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) return null;
    return { specifier: specifier.text, kind: isTypeOnly(node) ? 'type' : 'runtime' };
  }
  if (ts.isImportTypeNode(node)) {
    const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : null;
    return literal !== null && ts.isStringLiteral(literal)
      ? { specifier: literal.text, kind: 'type' }
      : null;
  }
  if (ts.isCallExpression(node) && node.arguments.length > 0) {
    const [argument] = node.arguments;
    if (argument === undefined || !ts.isStringLiteralLike(argument)) return null;
    const callee = node.expression;
    const loads =
      callee.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(callee) && callee.text === 'require');
    if (loads) return { specifier: argument.text, kind: 'runtime' };
  }
  return null;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  return node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
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
