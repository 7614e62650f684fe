/**
 * Semantic search in the built plugin: main.js carries the embedding worker bundle (transformers.js'
 * web build on onnxruntime-web) as a string, imports no package at run time (no bare `import()`,
 * no onnxruntime-node, no TensorFlow.js), and the worker bundle itself imports nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STDIO_SHIM_SOURCE } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import { WEB_RUNTIME } from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { buildEmbeddingWorker, buildPlugin } from '../build-plugin.ts';

let outDir: string;
let mainJs: string;
let worker: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'plugin-build-'));
  await buildPlugin(outDir);
  mainJs = await readFile(join(outDir, 'main.js'), 'utf8');
  worker = await buildEmbeddingWorker();
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** Stretches of the worker's code with nothing a string literal would escape. */
function plainStretches(code: string, count: number, length = 160): string[] {
  const stretches: string[] = [];
  const step = Math.floor(code.length / count);
  for (let at = 0; stretches.length < count && at < code.length; at += step) {
    const match = new RegExp(`[^"'\`\\\\$\\n\\r]{${length}}`).exec(code.slice(at, at + step));
    if (match !== null) stretches.push(match[0]);
  }
  return stretches;
}

/** Where `source`, embedded in main.js as a string, lies: from its first stretch to its last. */
function spanIn(code: string, source: string, stretches: string[]): [number, number] {
  const first = code.indexOf(stretches[0] as string);
  const last = stretches[stretches.length - 1] as string;
  expect(first).toBeGreaterThan(0);
  expect(source).toContain(last);
  return [first, code.indexOf(last, first) + last.length];
}

describe('semantic search in the built plugin', () => {
  test('the worker bundle is the web runtime: onnxruntime-web and transformers.js, single file', () => {
    expect(worker).toContain(WEB_RUNTIME.file.path.replace('.wasm', ''));
    expect(worker).toContain('InferenceSession');
    expect(worker).toContain('AutoTokenizer');
    expect(worker).toContain(`"${WEB_RUNTIME.version.split('-')[0]}`);
    expect(worker).not.toMatch(/\brequire\(/);
    expect(worker).not.toContain('onnxruntime_binding');
  });

  test('main.js carries that same worker bundle', () => {
    const stretches = plainStretches(worker, 40);
    expect(stretches.length).toBeGreaterThan(30);
    for (const stretch of stretches) expect(mainJs).toContain(stretch);
  });

  test('main.js imports no package at run time', () => {
    // A dynamic import of a package name (a quoted specifier that is not a path or URL).
    expect(mainJs).not.toMatch(/\bimport\(\s*["'`](?![./]|https?:|blob:|data:)/);
    // Outside the sources main.js carries as strings for other runtimes, no dynamic import at
    // all: onnxruntime-web's own `import(url)`, for files it is never asked to fetch, lives in the
    // worker string; the .mcpb shim's `import()` of the fallback CLI runs under Claude Desktop.
    const carried = [
      spanIn(mainJs, worker, plainStretches(worker, 40)),
      spanIn(mainJs, STDIO_SHIM_SOURCE, plainStretches(STDIO_SHIM_SOURCE, 20, 24)),
    ];
    const dynamicImports = [...mainJs.matchAll(/[^.\w]import\((?!\.\.\.)/g)].map((m) => m.index);
    for (const at of dynamicImports)
      expect({ at, carried: carried.some(([from, to]) => at > from && at < to) }).toEqual({
        at,
        carried: true,
      });
    for (const heavy of [
      'onnxruntime-node',
      'onnxruntime_binding',
      'tfjs-backend-wasm',
      '@energetic-ai',
    ])
      expect(mainJs).not.toContain(heavy);
  });
});
