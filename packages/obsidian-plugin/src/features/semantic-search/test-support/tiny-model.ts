/**
 * The committed tiny transformers.js model (scripts/semantic/tiny-model/tiny-bert, written by
 * scripts/semantic/tiny-model.ts) as a native model spec whose pins are the real sizes and
 * SHA-256 of the committed files, and the installed onnxruntime-web's dist folder: what the
 * loopback hub and CDN serve in tests, so installs, loads and hash checks run for real.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Fetch } from '../model-files/download-file.ts';
import { WEB_RUNTIME, sha256Hex } from '../model-files/pinned-files.ts';
import { startFakeHub, type FakeHub } from './fake-hub.ts';
import type { NativeModelSpec } from '../providers/native-models.ts';

export const TINY_MODELS = join(import.meta.dir, '../../../../../../scripts/semantic/tiny-model');
export const TINY_MODEL_ID = 'tiny-bert';
const TINY_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];

export async function tinyModelSpec(): Promise<NativeModelSpec> {
  const files = await Promise.all(
    TINY_FILES.map(async (path) => {
      const bytes = new Uint8Array(await readFile(join(TINY_MODELS, TINY_MODEL_ID, path)));
      return { path, bytes: bytes.length, sha256: await sha256Hex(bytes) };
    }),
  );
  return {
    modelId: TINY_MODEL_ID,
    label: 'Tiny test model',
    dimensions: 32,
    dtype: 'fp32',
    queryPrefix: '',
    documentPrefix: '',
    pins: { revision: 'c0ffee0000000000000000000000000000000001', files },
  };
}

/** The tiny model as a model whose hashes are not known: trusted on first use (ADR-0053). */
export async function tinyFirstUseSpec(): Promise<NativeModelSpec> {
  const pinned = await tinyModelSpec();
  const { revision, files } = pinned.pins as NonNullable<NativeModelSpec['pins']>;
  return {
    ...pinned,
    pins: null,
    firstUse: { revision, files: files.map(({ path, bytes }) => ({ path, bytes })) },
  };
}

/** onnxruntime-web's dist folder as installed (what the fake CDN serves). */
export function webRuntimeDist(): string {
  const require = createRequire(join(import.meta.dir, '../../../../package.json'));
  return join(dirname(require.resolve('onnxruntime-web/package.json')), 'dist');
}

/** The tiny model's files as `ModelInstaller.load` returns them (path inside the model -> bytes). */
export async function tinyModelFiles(): Promise<Record<string, Uint8Array>> {
  const entries = await Promise.all(
    TINY_FILES.map(
      async (path) =>
        [path, new Uint8Array(await readFile(join(TINY_MODELS, TINY_MODEL_ID, path)))] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** The fetch of an installer that must only read what is installed: any download fails. */
export const refuseDownloads: Fetch = async (url) => {
  throw new Error(`nothing may be downloaded here (asked for ${url})`);
};

/** A loopback hub and CDN serving the tiny model (under its pinned revision) and the runtime. */
export function startTinyHub(tiny: NativeModelSpec): Promise<FakeHub> {
  return startFakeHub({
    models: {
      [tiny.modelId]: {
        revision: tiny.pins?.revision ?? '',
        folder: join(TINY_MODELS, tiny.modelId),
      },
    },
    runtime: { version: WEB_RUNTIME.version, dist: webRuntimeDist() },
  });
}
