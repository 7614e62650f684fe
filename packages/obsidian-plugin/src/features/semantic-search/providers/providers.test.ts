import { describe, expect, test } from 'bun:test';
import { defaultSemanticSettings } from '../settings.ts';
import { chooseProvider } from './choose-provider.ts';
import { ProviderUnavailableError } from './embedding-provider.ts';
import { hashingProvider } from './hashing-provider.ts';
import { nativeProvider } from './native-provider.ts';
import { NATIVE_MODELS } from './native-models.ts';
import { smartConnectionsAccess, smartConnectionsProvider } from './smart-connections.ts';

const cannotLoad = async (specifier: string): Promise<unknown> => {
  throw new Error(`Cannot find module '${specifier}'`);
};

describe('hashing provider', () => {
  test('deterministic unit vectors; shared words make texts close', async () => {
    const provider = hashingProvider(64);
    const [a, b, c, again] = await provider.embed(
      ['red apples', 'red apples and pears', 'blue sky', 'red apples'],
      'document',
    );
    if (a === undefined || b === undefined || c === undefined || again === undefined)
      throw new Error('missing');
    const dot = (x: Float32Array, y: Float32Array) =>
      x.reduce((sum, value, i) => sum + value * (y[i] as number), 0);
    expect([...a]).toEqual([...again]);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
  });
});

describe('choosing a provider', () => {
  const settings = defaultSemanticSettings();
  const smart = () => ({
    modelKey: 'TaylorAI/bge-micro-v2',
    dimensions: 384,
    embed: async () => [],
  });

  test('auto: Smart Connections in Obsidian when present, else native; offline headless', () => {
    expect(chooseProvider(settings, { hostKind: 'plugin', smartConnections: smart }).id).toBe(
      'smart-connections:TaylorAI/bge-micro-v2',
    );
    expect(chooseProvider(settings, { hostKind: 'plugin', smartConnections: () => null }).id).toBe(
      'native:Xenova/all-MiniLM-L6-v2',
    );
    expect(chooseProvider(settings, { hostKind: 'headless' }).id).toBe('offline:use-lite');
  });

  test('explicit choices, with the native model and its dimension from the settings', () => {
    const gemma = chooseProvider(
      { ...settings, provider: 'native', nativeModel: 'embeddinggemma-300m' },
      { hostKind: 'headless' },
    );
    expect(gemma).toMatchObject({
      id: 'native:onnx-community/embeddinggemma-300m-ONNX',
      dimensions: 768,
    });
    expect(
      chooseProvider({ ...settings, provider: 'offline' }, { hostKind: 'plugin' }).dimensions,
    ).toBe(512);
    expect(() =>
      chooseProvider({ ...settings, provider: 'smart-connections' }, { hostKind: 'headless' }),
    ).toThrow(ProviderUnavailableError);
  });

  test('a heavy provider whose library cannot load (as inside the plugin bundle) says so on first use', async () => {
    const provider = chooseProvider(
      { ...settings, provider: 'native' },
      { hostKind: 'plugin', loader: cannotLoad },
    );
    const error = await provider.embed(['x'], 'query').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('@huggingface/transformers');
  });

  test('native never downloads when remote models are off: a missing model is unavailable, not fetched', async () => {
    const fetched: string[] = [];
    let restore = () => undefined as void;
    const spyingLoader = async () => {
      const module = (await import('@huggingface/transformers')) as { env: { fetch: unknown } };
      const original = module.env.fetch;
      module.env.fetch = async (url: string) => {
        fetched.push(String(url));
        throw new Error('no network in tests');
      };
      restore = () => void (module.env.fetch = original);
      return module;
    };
    const provider = nativeProvider({
      model: { ...NATIVE_MODELS['all-MiniLM-L6-v2'], modelId: 'not-on-this-machine' },
      allowRemoteModels: false,
      localModelPath: '/nonexistent-models',
      loader: spyingLoader,
    });
    const error = await provider.embed(['x'], 'query').catch((thrown: unknown) => thrown);
    restore();
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('downloads are off');
    expect(fetched).toEqual([]);
  });
});

describe('Smart Connections access', () => {
  const appWith = (plugin: unknown, enabled = true) => ({
    plugins: {
      enabledPlugins: new Set(enabled ? ['smart-connections'] : []),
      getPlugin: () => plugin,
    },
  });
  const plugin = {
    env: {
      smart_sources: {
        embed_model: {
          model_key: 'TaylorAI/bge-micro-v2',
          dims: 3,
          embed_batch: async (inputs: { embed_input: string }[]) =>
            inputs.map(() => ({ vec: [3, 0, 4] })),
        },
      },
    },
  };

  test('reads the loaded model through a duck-typed view; anything missing is "not installed"', async () => {
    expect(smartConnectionsAccess(null)).toBeNull();
    expect(smartConnectionsAccess({})).toBeNull();
    expect(smartConnectionsAccess(appWith(plugin, false))).toBeNull();
    expect(smartConnectionsAccess(appWith({ env: {} }))).toBeNull();
    const access = smartConnectionsAccess(appWith(plugin));
    expect(access).toMatchObject({ modelKey: 'TaylorAI/bge-micro-v2', dimensions: 3 });
    const provider = smartConnectionsProvider(() => smartConnectionsAccess(appWith(plugin)));
    const [vector] = (await provider?.embed(['hello'], 'document')) ?? [];
    expect([...(vector ?? [])]).toEqual([0.6000000238418579, 0, 0.800000011920929]);
  });

  test('a provider whose plugin went away reports itself unavailable', async () => {
    let present = true;
    const provider = smartConnectionsProvider(() =>
      present ? smartConnectionsAccess(appWith(plugin)) : null,
    );
    present = false;
    const error = await provider?.embed(['x'], 'query').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });
});
