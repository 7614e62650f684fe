import { describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import { build, type Metafile } from 'esbuild';
import { buildPlugin, mainJsOptions } from './build-plugin.ts';

class StubPlugin {}
const obsidianStub = {
  Plugin: StubPlugin,
  Notice: class {},
  FileSystemAdapter: class {},
  getAllTags: () => null,
};
const nodeRequire = createRequire(import.meta.url);

/** Evaluates main.js as Obsidian would, recording every module it asks for at load time. */
function loadBundle(code: string): { exports: Record<string, unknown>; required: Set<string> } {
  const required = new Set<string>();
  const moduleObject = { exports: {} as Record<string, unknown> };
  const requireInBundle = (name: string): unknown => {
    required.add(name);
    if (name === 'obsidian') return obsidianStub;
    const bare = name.replace(/^node:/, '');
    if (builtinModules.includes(bare)) return nodeRequire(name);
    throw new Error(`main.js requires "${name}", which Obsidian cannot provide`);
  };
  const evaluate = compileFunction(code, ['module', 'exports', 'require']) as (
    ...args: unknown[]
  ) => void;
  evaluate(moduleObject, moduleObject.exports, requireInBundle);
  return { exports: moduleObject.exports, required };
}

describe('plugin build', () => {
  test('main.js bundles everything but obsidian and Node built-ins, and exports a Plugin subclass', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'plugin-build-'));
    try {
      await buildPlugin(outDir);
      const code = await readFile(join(outDir, 'main.js'), 'utf8');
      const { exports, required } = loadBundle(code);
      expect(required.has('obsidian')).toBe(true);
      const entry = exports.default as { prototype: unknown };
      expect(entry.prototype).toBeInstanceOf(StubPlugin);
      const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(manifest).toMatchObject({
        id: 'local-mcp-server',
        name: 'Local MCP Server',
        isDesktopOnly: true,
        minAppVersion: '1.7.2',
      });
      expect(await readFile(join(outDir, 'styles.css'), 'utf8')).toContain('mcp-connector');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  // Obsidian waits for main.js's top level; these load on first use instead (ADR-0022).
  test('evaluating main.js runs no ArkType, MCP SDK, zod, re2js or fflate', async () => {
    const result = await build({
      ...mainJsOptions(join(tmpdir(), 'never-written', 'main.js'), ''),
      minify: false,
      metafile: true,
      write: false,
    });
    const packages = [...evaluatedAtLoad(result.metafile)].flatMap((input) => {
      const match =
        /node_modules\/(?:\.bun\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)/.exec(input);
      return match === null ? [] : [`${match[1]}/${match[2]}`];
    });
    // Not even ArkType's config: it registers the global ($ark) that other copies' compiled
    // checks read keywords from, and those only exist once ArkType itself has loaded.
    const heavy =
      /^(arktype\/|@ark\/schema\/|@modelcontextprotocol\/|zod\/|re2js\/|fflate\/|@hono\/)/;
    expect(packages.filter((file) => heavy.test(file))).toEqual([]);
  }, 60_000);
});

/** The inputs main.ts reaches through static imports: what evaluating main.js runs. */
function evaluatedAtLoad(metafile: Metafile): Set<string> {
  const entry = Object.keys(metafile.inputs).find((input) =>
    input.endsWith('obsidian-plugin/src/main.ts'),
  );
  if (entry === undefined) throw new Error('main.ts is not among the inputs');
  const reached = new Set([entry]);
  for (const input of reached) {
    for (const imported of metafile.inputs[input]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' && imported.external !== true)
        reached.add(imported.path);
    }
  }
  return reached;
}
