/**
 * The semantic-search feature inside the plugin's bundle: bundled the way scripts/build-plugin.ts
 * bundles main.js, it loads with nothing but Node built-ins, carries neither transformers.js,
 * onnxruntime nor TensorFlow.js, and a heavy provider there reports itself unavailable instead
 * of crashing. (main.ts does not compose the feature yet; this checks it is ready to be.)
 */
import { describe, expect, test } from 'bun:test';
import { build } from 'esbuild';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import { EXTERNAL_MODULES } from '../build-plugin.ts';

const FEATURE = join(
  import.meta.dir,
  '../../packages/obsidian-plugin/src/features/semantic-search/index.ts',
);
const nodeRequire = createRequire(import.meta.url);

interface BundledFeature {
  offlineProvider(): { embed(texts: string[], role: string): Promise<unknown> };
  nativeProvider(options: object): { embed(texts: string[], role: string): Promise<unknown> };
  NATIVE_MODELS: Record<string, object>;
  ProviderUnavailableError: new (message: string) => Error;
}

describe('semantic search in the plugin bundle', () => {
  test('loads with Node built-ins only, without the heavy libraries; their providers say they are unavailable', async () => {
    const output = await build({
      entryPoints: [FEATURE],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'es2022',
      external: EXTERNAL_MODULES,
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const code = output.outputFiles[0]?.text ?? '';
    expect(code.length).toBeLessThan(400_000);
    for (const heavy of [
      'onnxruntime_binding',
      'tfjs-backend-wasm',
      'AutoModelForSequenceClassification',
    ])
      expect(code).not.toContain(heavy);

    const required = new Set<string>();
    const module = { exports: {} as Record<string, unknown> };
    const requireInBundle = (name: string): unknown => {
      required.add(name);
      if (builtinModules.includes(name.replace(/^node:/, ''))) return nodeRequire(name);
      throw new Error(`Cannot find module '${name}'`);
    };
    const evaluate = compileFunction(code, ['module', 'exports', 'require']) as (
      ...args: unknown[]
    ) => void;
    evaluate(module, module.exports, requireInBundle);
    expect([...required].every((name) => builtinModules.includes(name.replace(/^node:/, '')))).toBe(
      true,
    );

    const feature = module.exports as unknown as BundledFeature;
    const offline = await feature
      .offlineProvider()
      .embed(['x'], 'query')
      .catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(feature.ProviderUnavailableError);
    expect((offline as Error).message).toContain('@energetic-ai/embeddings');
    const native = feature.nativeProvider({
      model: feature.NATIVE_MODELS['all-MiniLM-L6-v2'],
      allowRemoteModels: true,
    });
    const failure = await native.embed(['x'], 'query').catch((error: unknown) => error);
    expect((failure as Error).message).toContain('@huggingface/transformers');
  }, 60_000);
});
