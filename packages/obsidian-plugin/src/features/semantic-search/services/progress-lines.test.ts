import { describe, expect, test } from 'bun:test';
import type { InstallStatus } from '../model-files/model-installer.ts';
import { artifactsFor } from '../model-files/pinned-files.ts';
import { NATIVE_MODELS } from '../providers/native-models.ts';
import type { IndexStatus } from './index-status.ts';
import { consentLine, installLine, progressLine } from './progress-lines.ts';

const building: IndexStatus = {
  providerId: 'native:Xenova/all-MiniLM-L6-v2',
  state: 'building',
  filesIndexed: 120,
  filesTotal: 8000,
  percent: 1,
  retryAfterSeconds: 3752,
  notesPerSecond: 2.1,
  chunks: 300,
  error: null,
  rebuiltSegments: [],
  dirtySegments: [],
};

const status = (change: Partial<InstallStatus>): InstallStatus => ({
  modelId: 'Xenova/all-MiniLM-L6-v2',
  state: 'not_installed',
  bytesDone: 0,
  bytesTotal: 50_546_824,
  percent: 0,
  bytesPerSecond: null,
  etaSeconds: null,
  error: null,
  file: null,
  refused: [],
  errorCode: null,
  firstUse: null,
  ...change,
});

describe('progress lines', () => {
  test('index: done of total, rate and time left; ready and failed', () => {
    expect(progressLine(building)).toBe(
      'Semantic index: 120 of 8000 notes (1%, 2.1 notes/s, about 63 min left, native:Xenova/all-MiniLM-L6-v2).',
    );
    expect(progressLine({ ...building, notesPerSecond: 0 })).toBe(
      'Semantic index: 120 of 8000 notes (1%, native:Xenova/all-MiniLM-L6-v2).',
    );
    expect(progressLine({ ...building, state: 'ready' })).toBe(
      'Semantic index ready: 8000 notes, 300 chunks (native:Xenova/all-MiniLM-L6-v2).',
    );
    expect(progressLine({ ...building, state: 'failed', error: 'disk full' })).toBe(
      'Semantic index failed: disk full',
    );
  });

  test('model install: each state, a cancelled download kept, files refused on the way', () => {
    expect(installLine(status({}))).toBe(
      'Semantic search model not installed (Xenova/all-MiniLM-L6-v2, 50.5 MB).',
    );
    expect(installLine(status({ bytesDone: 12_000_000 }))).toBe(
      'Semantic search model not installed: 12.0 MB of 50.5 MB downloaded so far, kept for the next download to resume (Xenova/all-MiniLM-L6-v2).',
    );
    const refused = ['Xenova/all-MiniLM-L6-v2/tokenizer.json'];
    expect(
      installLine(
        status({
          state: 'downloading',
          bytesDone: 25_000_000,
          percent: 49,
          bytesPerSecond: 5_000_000,
          etaSeconds: 6,
          refused,
        }),
      ),
    ).toBe(
      'Downloading the semantic search model: 25.0 MB of 50.5 MB (49%, 5.0 MB/s, about 6 s left). Xenova/all-MiniLM-L6-v2/tokenizer.json did not match its pinned SHA-256 and was downloaded again.',
    );
    expect(
      installLine(status({ state: 'verifying', percent: 45, file: 'onnx/model_quantized.onnx' })),
    ).toBe(
      'Checking onnx/model_quantized.onnx against its pinned SHA-256 (45% of 50.5 MB downloaded).',
    );
    expect(installLine(status({ state: 'failed', error: 'config.json answered HTTP 404.' }))).toBe(
      'The semantic search model could not be downloaded: config.json answered HTTP 404.',
    );
  });

  test('consent: how much, from which hosts, into which folder, before the click', () => {
    const model = NATIVE_MODELS['all-MiniLM-L6-v2'];
    const artifacts = artifactsFor(model, { runtime: true }) ?? [];
    expect(consentLine(model, artifacts, '.obsidian/plugins/local-mcp-server/models/')).toBe(
      "The download fetches 50.5 MB: Xenova/all-MiniLM-L6-v2's 4 files (23.7 MB) from huggingface.co at revision 751bff3 and the WebAssembly runtime (26.9 MB) from cdn.jsdelivr.net, into .obsidian/plugins/local-mcp-server/models/. Each file is checked against its pinned SHA-256 before it is kept; nothing about your notes is sent.",
    );
    const headless = artifactsFor(model, { runtime: false }) ?? [];
    expect(consentLine(model, headless, 'models/')).toStartWith(
      "The download fetches 23.7 MB: Xenova/all-MiniLM-L6-v2's 4 files (23.7 MB) from huggingface.co at revision 751bff3, into models/.",
    );
  });
});
