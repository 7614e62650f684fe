/**
 * What a model needs on disk and where each file comes from. Model files come from the Hugging
 * Face hub at the model's pinned revision; the WebAssembly runtime that matches the bundled
 * onnxruntime-web comes from the npm CDN at that exact version. Every file carries its pinned
 * size and SHA-256; nothing else is ever downloaded or loaded.
 */
import type { NativeModelSpec, PinnedFile } from '../providers/native-models.ts';
import type { FirstUseRecord } from './first-use-records.ts';

/**
 * The onnxruntime-web build bundled into the embedding worker (its JavaScript is in main.js) and
 * the one WebAssembly file it loads: the asyncify variant, which serves both WebGPU and the CPU.
 * A test checks these against the installed package, so upgrading the package fails until the
 * pin follows.
 */
export const WEB_RUNTIME = {
  name: 'onnxruntime-web',
  version: '1.31.0-dev.20260914-8d85527a0',
  file: {
    path: 'ort-wasm-simd-threaded.asyncify.wasm',
    bytes: 26_861_777,
    sha256: '49871f5a4409519797e127440868a6d1923339d9185907f301a5b2a1d90af082',
  },
} as const;

export interface Sources {
  /** The Hugging Face hub, `https://huggingface.co` (tests: a loopback server). */
  hub: string;
  /** The npm CDN, `https://cdn.jsdelivr.net` (tests: a loopback server). */
  cdn: string;
}

export const PUBLIC_SOURCES: Sources = {
  hub: 'https://huggingface.co',
  cdn: 'https://cdn.jsdelivr.net',
};

/** A file as it must be; `sha256` null: not known before the first download (ADR-0053). */
export interface ExpectedFile extends Omit<PinnedFile, 'sha256'> {
  sha256: string | null;
}

/** One file to have: where it is fetched from and where it goes in the models folder. */
export interface Artifact extends ExpectedFile {
  url: string;
  /** Path inside the models folder (`PinnedFile.path` is inside the model or runtime). */
  target: string;
}

/**
 * The revision and files of `model`: its pins; else, trusted on first use, the files this
 * device recorded, or before any record the sizes alone; null when it has neither.
 */
export function expectedFiles(
  model: NativeModelSpec,
  recorded: FirstUseRecord | null,
): { revision: string; files: readonly ExpectedFile[] } | null {
  if (model.pins !== null) return model.pins;
  const { firstUse } = model;
  if (firstUse === undefined) return null;
  if (recorded !== null) return { revision: recorded.revision, files: recorded.files };
  return {
    revision: firstUse.revision,
    files: firstUse.files.map((file) => ({ ...file, sha256: null })),
  };
}

export function modelFolderOf(model: NativeModelSpec): string {
  return model.modelId;
}

export function runtimeFolder(): string {
  return `${WEB_RUNTIME.name}/${WEB_RUNTIME.version}`;
}

export function runtimeTarget(): string {
  return `${runtimeFolder()}/${WEB_RUNTIME.file.path}`;
}

/** The files to download or load for `model`, plus the runtime when it runs in a web worker. */
export function artifactsFor(
  model: NativeModelSpec,
  options: { runtime: boolean; sources?: Sources; recorded?: FirstUseRecord | null },
): Artifact[] | null {
  const expected = expectedFiles(model, options.recorded ?? null);
  if (expected === null) return null;
  const { hub, cdn } = options.sources ?? PUBLIC_SOURCES;
  const { revision, files } = expected;
  const artifacts: Artifact[] = files.map((file) => ({
    ...file,
    url: `${trim(hub)}/${model.modelId}/resolve/${revision}/${file.path}`,
    target: `${modelFolderOf(model)}/${file.path}`,
  }));
  if (options.runtime) {
    const { name, version, file } = WEB_RUNTIME;
    artifacts.push({
      ...file,
      url: `${trim(cdn)}/npm/${name}@${version}/dist/${file.path}`,
      target: runtimeTarget(),
    });
  }
  return artifacts;
}

function trim(base: string): string {
  return base.replace(/\/+$/, '');
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', plainBuffer(bytes));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes as a plain ArrayBuffer (what Web APIs take): the view's own, or else a copy. */
export function plainBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  )
    return buffer;
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
