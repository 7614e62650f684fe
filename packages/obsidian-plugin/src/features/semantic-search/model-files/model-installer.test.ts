import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATIVE_MODELS, type NativeModelSpec } from '../providers/native-models.ts';
import type { FakeHub } from '../test-support/fake-hub.ts';
import { startTinyHub, tinyModelSpec, webRuntimeDist } from '../test-support/tiny-model.ts';
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

  test('a model without pins is unavailable and says which to pick', () => {
    const status = installer().status(NATIVE_MODELS['multilingual-e5-base']);
    expect(status.state).toBe('unavailable');
    expect(status.error).toContain('all-MiniLM-L6-v2');
  });

  test('the runtime goes where the docs say, beside the models', () => {
    expect(runtimeTarget()).toBe(
      `onnxruntime-web/${WEB_RUNTIME.version}/ort-wasm-simd-threaded.asyncify.wasm`,
    );
  });
});
