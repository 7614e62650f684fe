import { describe, expect, test } from 'bun:test';
import {
  ModelInstaller,
  ProviderUnavailableError,
  inProcessEmbedders,
  nativeModel,
  nodeModelFolder,
  offlineModel,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import {
  TINY_MODELS,
  refuseDownloads,
  tinyModelSpec,
} from '@mcp-connector/obsidian-plugin/semantic-search/test-support';
import { threadEmbedders } from './thread-embedders.ts';

const tinyInstall = () =>
  new ModelInstaller({
    folder: nodeModelFolder(TINY_MODELS),
    runtime: false,
    fetch: refuseDownloads,
  });
const TEXTS = ['tasks due today', 'a weekly meeting note', 'the garden plan'];

describe('thread embedders', () => {
  test('the native model in a worker thread gives the vectors it gives in this thread', async () => {
    const model = await tinyModelSpec();
    const threaded = nativeModel(model, threadEmbedders(), tinyInstall());
    const local = nativeModel(model, inProcessEmbedders(), tinyInstall());
    const [a, b] = await Promise.all([
      threaded.embed(TEXTS, 'document'),
      local.embed(TEXTS, 'document'),
    ]);
    expect(a).toHaveLength(3);
    a.forEach((vector, index) => {
      expect(vector).toHaveLength(32);
      expect([...vector]).toEqual([...(b[index] as Float32Array)]);
    });
    await Promise.all([threaded.dispose?.(), local.dispose?.()]);
  });

  test('the offline model in a worker thread leaves this thread free while it embeds', async () => {
    const offline = offlineModel(threadEmbedders());
    expect(await (offline as unknown as { device(): Promise<string> }).device()).toBe('cpu');
    const texts = Array.from(
      { length: 48 },
      (_, i) => `note ${i} about gardens, budgets and plans`,
    );
    let turns = 0;
    let done = false;
    const spin = (): void => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    spin();
    const vectors = await offline.embed(texts, 'document');
    done = true;
    expect(vectors).toHaveLength(48);
    expect(vectors[0]).toHaveLength(512);
    expect(Math.hypot(...(vectors[0] as Float32Array))).toBeCloseTo(1, 4);
    // Computed on this thread, the batch would block the loop until it finished (a turn or two).
    expect(turns).toBeGreaterThan(20);
    await offline.dispose?.();
  }, 60_000);

  test('a model whose files are not installed fails as unavailable, and the next call tries again', async () => {
    const model = await tinyModelSpec();
    const empty = new ModelInstaller({
      folder: nodeModelFolder('/nonexistent-models'),
      runtime: false,
      fetch: refuseDownloads,
    });
    const provider = nativeModel(model, inProcessEmbedders(), empty);
    const first = await provider.embed(['x'], 'document').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ProviderUnavailableError);
    expect((first as Error).message).toContain('tiny-bert/config.json is missing');
    const second = await provider.embed(['x'], 'document').catch((error: unknown) => error);
    expect(second).toBeInstanceOf(ProviderUnavailableError);
  });
});
