/**
 * What a worker thread (headless) or the test process builds for a spec: the offline model
 * (EnergeticAI, weights in its npm package) or the native model on transformers.js' node build
 * (onnxruntime-node). Both libraries are loaded by name at run time, so they never enter the
 * plugin bundle; this file is reached only from headless and tests, never from main.ts.
 */
import { loadOptionalModule } from '../providers/optional-module.ts';
import { nativeProvider, type TransformersModule } from '../providers/native-provider.ts';
import { offlineProvider } from '../providers/offline-provider.ts';
import type { ProviderFactory } from './serve-embedder.ts';

export const nodeProviderFor: ProviderFactory = async (spec) => {
  if (spec.kind === 'offline') return { provider: offlineProvider(), device: 'cpu' };
  const provider = nativeProvider({
    model: spec.model,
    files: spec.files,
    transformers: () =>
      loadOptionalModule<TransformersModule>('@huggingface/transformers', 'The native provider'),
  });
  return { provider, device: 'cpu' };
};
