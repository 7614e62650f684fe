import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { nativeProvider } from './native-provider.ts';

const TINY_MODELS = join(import.meta.dir, '../../../../../../scripts/semantic/tiny-model');
const tinyBert = {
  modelId: 'tiny-bert',
  dimensions: 32,
  dtype: 'fp32' as const,
  queryPrefix: '',
  documentPrefix: '',
};

describe('native provider (transformers.js)', () => {
  test('loads the tiny local model with remote models disabled and embeds at its dimension', async () => {
    const provider = nativeProvider({
      model: tinyBert,
      allowRemoteModels: false,
      localModelPath: TINY_MODELS,
    });
    const vectors = await provider.embed(
      ['tasks due today', 'a weekly meeting note', 'tasks due today'],
      'document',
    );
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(32);
      const norm = Math.hypot(...vector);
      expect(norm).toBeCloseTo(1, 5);
    }
    expect([...(vectors[0] as Float32Array)]).toEqual([...(vectors[2] as Float32Array)]);
    expect([...(vectors[0] as Float32Array)]).not.toEqual([...(vectors[1] as Float32Array)]);
    await provider.dispose?.();
  });
});
