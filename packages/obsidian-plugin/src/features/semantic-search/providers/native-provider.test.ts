import { describe, expect, spyOn, test } from 'bun:test';
import { tinyModelFiles, tinyModelSpec } from '../test-support/tiny-model.ts';
import { ProviderUnavailableError } from './embedding-provider.ts';
import { nativeProvider, type TransformersModule } from './native-provider.ts';

const transformers = async () =>
  (await import('@huggingface/transformers')) as unknown as TransformersModule;

describe('native provider (transformers.js)', () => {
  test('runs the tiny model from verified bytes in memory and embeds at its dimension', async () => {
    const provider = nativeProvider({
      model: await tinyModelSpec(),
      files: await tinyModelFiles(),
      transformers,
    });
    const vectors = await provider.embed(
      ['tasks due today', 'a weekly meeting note', 'tasks due today'],
      'document',
    );
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(32);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
    expect([...(vectors[0] as Float32Array)]).toEqual([...(vectors[2] as Float32Array)]);
    expect([...(vectors[0] as Float32Array)]).not.toEqual([...(vectors[1] as Float32Array)]);
    await provider.dispose?.();
  });

  test('a file it was not given is missing, never fetched from the network or a cache', async () => {
    const network = spyOn(globalThis, 'fetch');
    const files = await tinyModelFiles();
    delete files['onnx/model.onnx'];
    const provider = nativeProvider({ model: await tinyModelSpec(), files, transformers });
    const error = await provider.embed(['x'], 'query').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('tiny-bert could not be loaded');
    expect(network).not.toHaveBeenCalled();
    network.mockRestore();
  });

  test('weights beside the graph (.onnx_data) are loaded as external data, and prompts prefix', async () => {
    const asked: object[] = [];
    const seen: string[][] = [];
    const real = await transformers();
    const fake = {
      ...real,
      env: { ...real.env },
      AutoTokenizer: {
        from_pretrained: async () => (texts: string[]) => {
          seen.push(texts);
          return {};
        },
      },
      AutoModel: {
        from_pretrained: async (_id: string, options: object) => {
          asked.push(options);
          return async () => ({
            sentence_embedding: { dims: [1, 2], tolist: () => seen.at(-1)?.map(() => [3, 4]) },
          });
        },
      },
    } as unknown as TransformersModule;
    const model = { ...(await tinyModelSpec()), dimensions: 2, queryPrefix: 'query: ' };
    const files = { ...(await tinyModelFiles()), 'onnx/model.onnx_data': new Uint8Array(4) };
    const provider = nativeProvider({ model, files, transformers: async () => fake });
    const [vector] = await provider.embed(['kanban'], 'query');
    expect(asked).toEqual([{ dtype: 'fp32', use_external_data_format: true }]);
    expect(seen).toEqual([['query: kanban']]);
    expect([...(vector as Float32Array)].map((x) => x.toFixed(1))).toEqual(['0.6', '0.8']);
  });
});
