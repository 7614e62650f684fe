/**
 * No doc names an `npx` command that fails on a machine without a clone. Every `npx` in the
 * docs' code (code spans, fenced blocks, and client configs whose command is "npx") runs a
 * package that is either ours, in a paragraph that says it is not on npm yet (until the first
 * `npm publish`; then this test and those paragraphs change together), or a package known to
 * be on the npm registry. ADRs are left out: they are records of their time, not instructions.
 */
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';

const ROOT = join(import.meta.dir, '..', '..');

/** Other packages the docs run with npx, each checked with `npm view` when it was added. */
const KNOWN_ON_NPM: Readonly<Record<string, string>> = {
  'mcp-remote': 'npm view mcp-remote: 0.15.1, the version the generated configs pin',
};

/** What a paragraph must say while our package is not published. */
const NOT_PUBLISHED = /not on npm yet/i;

interface NpxUse {
  file: string;
  line: number;
  pkg: string;
  /** The paragraph around it and the one before, to read what the doc says about it. */
  context: string;
}

async function docFiles(): Promise<string[]> {
  const patterns = ['README.md', 'CHANGELOG.md', 'docs/**/*.md', 'packages/*/README.md'];
  const files = new Set<string>();
  for (const pattern of patterns)
    for await (const file of new Glob(pattern).scan({ cwd: ROOT }))
      if (!file.startsWith('docs/architecture/')) files.add(file);
  return [...files].sort();
}

/** A package spec's name: `mcp-remote@0.15.1` -> `mcp-remote`, `@scope/name@1` -> `@scope/name`. */
function packageName(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/** Every stretch of code in a Markdown text: fenced blocks and code spans, with their offset. */
function codeStretches(text: string): { code: string; offset: number }[] {
  const stretches: { code: string; offset: number }[] = [];
  const fence = /^```[^\n]*\n([\s\S]*?)^```/gm;
  for (const match of text.matchAll(fence))
    stretches.push({ code: match[1] ?? '', offset: match.index });
  const prose = text.replace(fence, (block) => ' '.repeat(block.length));
  for (const match of prose.matchAll(/`([^`]+)`/g))
    stretches.push({ code: match[1] ?? '', offset: match.index });
  return stretches;
}

/** The packages a piece of code runs with npx: on a command line, or as a client config. */
function npxPackages(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[\s;&|(])npx\s+((?:-\S+\s+)*)([^\s`'"]+)/g))
    found.push(packageName(match[2] ?? ''));
  const config = /\bcommand"?\s*[:=]\s*"npx"[\s\S]*?\bargs"?\s*[:=]\s*\[([^\]]*)\]?/g;
  for (const match of code.matchAll(config)) {
    const args = [...(match[1] ?? '').matchAll(/"([^"]*)"/g)].map((arg) => arg[1] ?? '');
    const spec = args.find((arg) => !arg.startsWith('-'));
    if (spec !== undefined) found.push(packageName(spec));
  }
  return found;
}

function contextAround(text: string, offset: number): string {
  const start = text.lastIndexOf('\n\n', offset);
  const before = start === -1 ? 0 : text.lastIndexOf('\n\n', start - 1);
  const end = text.indexOf('\n\n', offset);
  return text.slice(Math.max(before, 0), end === -1 ? text.length : end);
}

async function npxUses(): Promise<NpxUse[]> {
  const uses: NpxUse[] = [];
  for (const file of await docFiles()) {
    const text = await readFile(join(ROOT, file), 'utf8');
    for (const { code, offset } of codeStretches(text))
      for (const pkg of npxPackages(code))
        uses.push({
          file,
          line: text.slice(0, offset).split('\n').length,
          pkg,
          context: contextAround(text, offset),
        });
  }
  return uses;
}

describe('npx in the docs', () => {
  test('finds packages on command lines and in client configs, not in prose', () => {
    expect(npxPackages('npx -y mcp-remote@0.15.1 URL --header X')).toEqual(['mcp-remote']);
    expect(npxPackages('npx @scope/tool@2 serve')).toEqual(['@scope/tool']);
    expect(
      npxPackages('{ "command": "npx",\n  "args": ["-y", "@mcp-connector/headless", "serve"] }'),
    ).toEqual(['@mcp-connector/headless']);
    expect(npxPackages('command = "npx"\nargs = ["-y", "some-package"]')).toEqual(['some-package']);
    expect(codeStretches('it needs no Node, npx or config editing')).toEqual([]);
  });

  test('every one runs our package, said to be not on npm yet, or a package that is on npm', async () => {
    const uses = await npxUses();
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) {
      const where = `${use.file}:${use.line} npx ${use.pkg}`;
      if (use.pkg === PRODUCT_NAMES.npmPackage)
        expect({ where, saysNotOnNpmYet: NOT_PUBLISHED.test(use.context) }).toEqual({
          where,
          saysNotOnNpmYet: true,
        });
      else
        expect({ where, knownOnNpm: use.pkg in KNOWN_ON_NPM }).toEqual({ where, knownOnNpm: true });
    }
  });
});
