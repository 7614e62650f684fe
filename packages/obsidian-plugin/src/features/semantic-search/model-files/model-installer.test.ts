import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NATIVE_MODELS, type NativeModelSpec } from '../providers/native-models.ts';
import type { FakeHub } from '../test-support/fake-hub.ts';
import {
  startTinyHub,
  tinyFirstUseSpec,
  tinyModelSpec,
  webRuntimeDist,
} from '../test-support/tiny-model.ts';
import {
  memoryFirstUseRecords,
  nodeFirstUseRecords,
  type FirstUseRecords,
} from './first-use-records.ts';
import { nodeModelFolder } from './model-folder.ts';
import { installLine } from '../services/progress-lines.ts';
import { ModelFilesError, ModelInstaller, type InstallStatus } from './model-installer.ts';
import { WEB_RUNTIME, runtimeTarget, sha256Hex } from './pinned-files.ts';

let hub: FakeHub;
let root: string;
let tiny: NativeModelSpec;

beforeEach(async () => {
  tiny = await tinyModelSpec();
  hub = await startTinyHub(tiny);
  root = await mkdtemp(join(tmpdir(), 'models-'));
});
afterEach(async () => {
  await hub.close();
  await rm(root, { recursive: true, force: true });
});

function installerWith(records: FirstUseRecords): ModelInstaller {
  return new ModelInstaller({
    folder: nodeModelFolder(root),
    runtime: false,
    sources: { hub: hub.url, cdn: hub.url },
    fetch: (url, init) => fetch(url, init),
    emitEveryMs: 0,
    records,
  });
}

function installer(runtime = false): ModelInstaller {
  return new ModelInstaller({
    folder: nodeModelFolder(root),
    runtime,
    sources: { hub: hub.url, cdn: hub.url },
    fetch: (url, init) => fetch(url, init),
    emitEveryMs: 0,
  });
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

describe('model installer', () => {
  test('the runtime pin is the installed onnxruntime-web and its wasm file', async () => {
    const dist = webRuntimeDist();
    const manifest = JSON.parse(await readFile(join(dist, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe(WEB_RUNTIME.version);
    const wasm = new Uint8Array(await readFile(join(dist, WEB_RUNTIME.file.path)));
    expect(wasm.length).toBe(WEB_RUNTIME.file.bytes);
    expect(await sha256Hex(wasm)).toBe(WEB_RUNTIME.file.sha256);
  });

  test('nothing is fetched until download; then the files land in the documented layout, with progress', async () => {
    const models = installer(true);
    expect((await models.refresh(tiny)).state).toBe('not_installed');
    expect(hub.requests).toHaveLength(0);
    const seen: InstallStatus[] = [];
    models.onChange((status) => seen.push(status));
    const done = await models.download(tiny);
    expect(done.state).toBe('installed');
    expect(done.bytesDone).toBe(done.bytesTotal);
    expect(done.bytesTotal).toBe(
      WEB_RUNTIME.file.bytes + (tiny.pins?.files.reduce((sum, file) => sum + file.bytes, 0) ?? 0),
    );
    const downloading = seen.filter((status) => status.state === 'downloading');
    expect(downloading.length).toBeGreaterThan(2);
    const percents = downloading.map((status) => status.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(await filesUnder(root)).toEqual([
      `onnxruntime-web/${WEB_RUNTIME.version}/${WEB_RUNTIME.file.path}`,
      'tiny-bert/config.json',
      'tiny-bert/onnx/model.onnx',
      'tiny-bert/tokenizer.json',
      'tiny-bert/tokenizer_config.json',
    ]);
    // The hub redirected the large file to its CDN path, as Hugging Face does for LFS files.
    expect(hub.requests.some((request) => request.status === 302)).toBe(true);
    const loaded = await models.load(tiny);
    expect(Object.keys(loaded.files).sort()).toEqual(
      tiny.pins?.files.map((f) => f.path).sort() ?? [],
    );
    expect(loaded.runtime?.length).toBe(WEB_RUNTIME.file.bytes);
    // A fresh installer (a restart) sees the install from the folder alone.
    expect((await installer(true).refresh(tiny)).state).toBe('installed');
  });

  test('an interrupted file resumes with a Range request', async () => {
    hub.cutAfter('onnx/model.onnx', 12_000);
    const done = await installer().download(tiny);
    expect(done.state).toBe('installed');
    const model = hub.requests.filter(
      (request) => request.path.endsWith('onnx/model.onnx') && request.status !== 302,
    );
    expect(model.map((request) => [request.range, request.status])).toEqual([
      [null, 200],
      ['bytes=12000-', 206],
    ]);
    const bytes = new Uint8Array(await readFile(join(root, 'tiny-bert/onnx/model.onnx')));
    expect(await sha256Hex(bytes)).toBe(
      tiny.pins?.files.find((f) => f.path === 'onnx/model.onnx')?.sha256 ?? '',
    );
  });

  test('a corrupted download is refused and fetched again, and the status names it', async () => {
    hub.corrupt('tokenizer.json');
    const models = installer();
    const seen: InstallStatus[] = [];
    models.onChange((status) => seen.push(status));
    const done = await models.download(tiny);
    expect(done.state).toBe('installed');
    const fetched = hub.requests.filter((request) => request.path.endsWith('/tokenizer.json'));
    expect(fetched).toHaveLength(2);
    expect((await installer().load(tiny)).files['tokenizer.json']?.length).toBe(6056);
    // Each file is checked before it is kept; the refusal is told while the download goes on.
    const checks = seen.filter(
      (status, i) => status.state === 'verifying' && seen[i - 1]?.state !== 'verifying',
    );
    expect(checks.filter((s) => s.file === 'tiny-bert/tokenizer.json')).toHaveLength(2);
    expect(seen.some((s) => s.refused.length > 0 && s.state === 'downloading')).toBe(true);
    expect(done.refused).toEqual(['tiny-bert/tokenizer.json']);
    expect(installLine(done)).toContain(
      'tiny-bert/tokenizer.json did not match its pinned SHA-256 and was downloaded again.',
    );
  });

  test('cancel stops a download in the middle of a file; the next download resumes it', async () => {
    const held = hub.holdAfter('onnx/model.onnx', 12_000);
    const models = installer();
    const before = (tiny.pins?.files ?? [])
      .filter((file) => file.path !== 'onnx/model.onnx')
      .reduce((sum, file) => sum + file.bytes, 0);
    const reached = new Promise<void>((resolve) =>
      models.onChange((status) => {
        if (status.file === 'tiny-bert/onnx/model.onnx' && status.bytesDone === before + 12_000)
          resolve();
      }),
    );
    const running = models.download(tiny);
    await reached;
    models.cancel(tiny);
    const cancelled = await running;
    held.release();
    expect(cancelled.state).toBe('not_installed');
    expect(cancelled.bytesDone).toBe(before + 12_000);
    expect(installLine(cancelled)).toContain('downloaded so far, kept for the next download');
    expect((await installer().download(tiny)).state).toBe('installed');
    const model = hub.requests.filter(
      (request) => request.path.endsWith('onnx/model.onnx') && request.status !== 302,
    );
    expect(model.map((request) => request.range)).toEqual([null, 'bytes=12000-']);
  });

  test('a source that keeps sending other bytes fails the install and leaves nothing to load', async () => {
    hub.corrupt('config.json', 3);
    const models = installer();
    const done = await models.download(tiny);
    expect(done.state).toBe('failed');
    expect(done.error).toContain('SHA-256');
    expect(await filesUnder(join(root, 'tiny-bert')).catch(() => [])).not.toContain('config.json');
    expect((await filesUnder(root)).some((path) => path.endsWith('.part'))).toBe(false);
    expect(models.load(tiny)).rejects.toBeInstanceOf(ModelFilesError);
  });

  test('a file placed by hand that is not the pinned one is deleted at load, never used', async () => {
    const models = installer();
    await models.download(tiny);
    await writeFile(join(root, 'tiny-bert/onnx/model.onnx'), 'not a model');
    const error = await models.load(tiny).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelFilesError);
    expect((error as Error).message).toContain('tiny-bert/onnx/model.onnx is not the pinned file');
    expect((error as Error).message).not.toContain(root);
    expect(models.status(tiny).state).toBe('not_installed');
    expect(await filesUnder(join(root, 'tiny-bert'))).not.toContain('onnx/model.onnx');
  });

  test('a model with neither pins nor a first-use revision is unavailable and says which to pick', () => {
    const { firstUse: _, ...bare } = NATIVE_MODELS['multilingual-e5-base'];
    const status = installer().status(bare);
    expect(status.state).toBe('unavailable');
    expect(status.error).toContain('all-MiniLM-L6-v2');
  });

  test('the three models: MiniLM and EmbeddingGemma pinned, E5 trusted on first use', () => {
    const models = installer();
    for (const name of ['all-MiniLM-L6-v2', 'embeddinggemma-300m'] as const) {
      const pins = NATIVE_MODELS[name].pins;
      expect(pins?.revision).toMatch(/^[0-9a-f]{40}$/);
      for (const file of pins?.files ?? []) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const gemma = models.artifacts(NATIVE_MODELS['embeddinggemma-300m']) ?? [];
    expect(gemma.map((artifact) => artifact.path)).toContain('onnx/model_quantized.onnx_data');
    expect(gemma[0]?.url).toContain('/resolve/5090578d9565bb06545b4552f76e6bc2c93e4a66/');
    // Without a place to record first downloads, E5 cannot be installed; with one, it can.
    expect(models.status(NATIVE_MODELS['multilingual-e5-base']).state).toBe('unavailable');
    const recording = installerWith(memoryFirstUseRecords());
    const e5 = recording.status(NATIVE_MODELS['multilingual-e5-base']);
    expect(e5.state).toBe('not_installed');
    expect(e5.firstUse).toMatchObject({ revision: '1ec9243030a27d1a115d5c340572074c125b58b2' });
    expect(e5.firstUse?.recordedAt).toBeNull();
    expect(installLine(e5)).toContain('will be recorded on this device');
  });
  test('the runtime goes where the docs say, beside the models', () => {
    expect(runtimeTarget()).toBe(
      `onnxruntime-web/${WEB_RUNTIME.version}/ort-wasm-simd-threaded.asyncify.wasm`,
    );
  });
});

describe('trust on first use', () => {
  let records: FirstUseRecords;
  let firstUse: NativeModelSpec;
  beforeEach(async () => {
    records = nodeFirstUseRecords(join(root, 'state', 'model-trust'));
    firstUse = await tinyFirstUseSpec();
  });

  test("the first download records every file's size and SHA-256 on the device; a restart loads by them", async () => {
    const models = installerWith(records);
    expect((await models.refresh(firstUse)).firstUse?.recordedAt).toBeNull();
    const done = await models.download(firstUse);
    expect(done.state).toBe('installed');
    expect(done.firstUse?.recordedAt).not.toBeNull();
    expect(installLine(done)).toContain('Trusted on first use: its SHA-256 were recorded');
    const revision = firstUse.firstUse?.revision ?? '';
    const lookup = await records.read(firstUse.modelId, revision);
    if (lookup.kind !== 'recorded') throw new Error(`no record: ${lookup.kind}`);
    const pinned = await tinyModelSpec();
    expect(lookup.record.files).toEqual([...(pinned.pins?.files ?? [])]);
    // The record lives in the device's state, not among the model files.
    expect(records.where(firstUse.modelId, revision)).toStartWith(join(root, 'state'));
    const restarted = installerWith(records);
    expect((await restarted.refresh(firstUse)).state).toBe('installed');
    expect(Object.keys((await restarted.load(firstUse)).files).sort()).toEqual(
      pinned.pins?.files.map((file) => file.path).sort() ?? [],
    );
  });

  test('a later download whose files differ from the record is refused with model_hashes_changed', async () => {
    await installerWith(records).download(firstUse);
    await rm(join(root, 'tiny-bert'), { recursive: true });
    hub.corrupt('tokenizer.json', 3);
    const again = await installerWith(records).download(firstUse);
    expect(again.state).toBe('failed');
    expect(again.errorCode).toBe('model_hashes_changed');
    expect(again.error).toContain(
      'tiny-bert/tokenizer.json did not match the SHA-256 recorded on this device',
    );
    expect(again.error).toContain('than the ones this device first downloaded on');
    expect(again.error).toContain(
      `delete ${records.where(firstUse.modelId, firstUse.firstUse?.revision ?? '')}`,
    );
    expect(await filesUnder(join(root, 'tiny-bert'))).not.toContain('tokenizer.json');
  });

  test('a file changed on disk after the record is deleted at load, never used', async () => {
    await installerWith(records).download(firstUse);
    await writeFile(join(root, 'tiny-bert/config.json'), '{}');
    const error = await installerWith(records)
      .load(firstUse)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelFilesError);
  });

  test('an unreadable record makes the model unavailable instead of trusting anew', async () => {
    const where = records.where(firstUse.modelId, firstUse.firstUse?.revision ?? '');
    await mkdir(dirname(where), { recursive: true });
    await writeFile(where, 'not json');
    const status = await installerWith(records).refresh(firstUse);
    expect(status.state).toBe('unavailable');
    expect(status.error).toContain('cannot be read');
    expect(hub.requests).toHaveLength(0);
  });
});
