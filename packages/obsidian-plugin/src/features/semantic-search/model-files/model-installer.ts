/**
 * The consent-driven install of a native model (and, for the web worker, its WebAssembly
 * runtime) into the models folder. Nothing is fetched until `download` is called, which only a
 * user's act does (the settings button, the Notice's button, the headless `models download`
 * command). Progress is bytes done out of the total, a rate and an ETA, told to `onChange`
 * listeners at most every `emitEveryMs` (a change of state or file at once): `downloading` a
 * file, `verifying` it (its SHA-256), and the files refused on the way and fetched again. `load` reads the files back and checks every one
 * against its pinned SHA-256: a file that does not match (corrupt, or placed by hand from
 * another release) is deleted, the model reads as not installed, and nothing loads it.
 *
 * A model trusted on first use (ADR-0053) has no hashes until its first complete download,
 * whose sizes and SHA-256 go to `records` (this device's state); from then on they act as pins,
 * and a later download that brings other bytes fails with `model_hashes_changed`.
 */
import type { NativeModelSpec, PinnedFile } from '../providers/native-models.ts';
import {
  downloadFile,
  ModelDownloadError,
  partOf,
  type DownloadErrorCode,
  type Fetch,
} from './download-file.ts';
import type { FirstUseRecord, FirstUseRecords, RecordLookup } from './first-use-records.ts';
import type { ModelFolder } from './model-folder.ts';
import { artifactsFor, sha256Hex, type Artifact, type Sources } from './pinned-files.ts';
import { clearTimeout, setTimeout } from 'node:timers';
import { RateMeter } from '../services/rate-meter.ts';

export type InstallState =
  'not_installed' | 'downloading' | 'verifying' | 'installed' | 'failed' | 'unavailable';

export interface InstallStatus {
  modelId: string;
  state: InstallState;
  bytesDone: number;
  bytesTotal: number;
  percent: number;
  /** Measured over the last seconds of the download; null when not downloading. */
  bytesPerSecond: number | null;
  etaSeconds: number | null;
  /** Why it failed or is unavailable, naming what to do. */
  error: string | null;
  /** The file being downloaded or verified (its path in the models folder); null otherwise. */
  file: string | null;
  /** Files of the last download that came with other bytes than pinned and were fetched again. */
  refused: readonly string[];
  /** The stable code of the last failure (`model_hashes_changed`, `hash_mismatch`, ...). */
  errorCode: DownloadErrorCode | null;
  /** Null when the model is pinned; else what its trust on first use stands on (ADR-0053). */
  firstUse: FirstUseStatus | null;
}

export interface FirstUseStatus {
  revision: string;
  /** When this device recorded the hashes of its first download; null before it. */
  recordedAt: string | null;
  /** Where the record is (deleting it trusts the next download anew). */
  where: string;
}

export interface LoadedModelFiles {
  /** Model files by their path inside the model (`onnx/model_quantized.onnx`). */
  files: Record<string, Uint8Array>;
  /** The WebAssembly runtime, when the installer was made for the web worker. */
  runtime: Uint8Array | null;
}

export class ModelFilesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelFilesError';
  }
}

export interface ModelInstallerOptions {
  folder: ModelFolder;
  /** Whether the web runtime (onnxruntime-web's .wasm) is part of an install. */
  runtime: boolean;
  sources?: Sources;
  /** Only `download` fetches; main.ts and headless pass the platform's web fetch. */
  fetch: Fetch;
  emitEveryMs?: number;
  /** Where first downloads' hashes are recorded; without it, unpinned models are unavailable. */
  records?: FirstUseRecords;
}

interface Progress {
  state: InstallState;
  bytesDone: number;
  error: string | null;
  errorCode: DownloadErrorCode | null;
  file: string | null;
  refused: string[];
  meter: RateMeter | null;
  running: Promise<InstallStatus> | null;
  abort: AbortController | null;
}

export class ModelInstaller {
  private readonly progress = new Map<string, Progress>();
  private readonly listeners = new Set<(status: InstallStatus) => void>();
  /** First-use records as last read, by `<model id>@<revision>`. */
  private readonly records = new Map<string, RecordLookup>();
  private lastEmit = 0;
  /** A skipped byte update is told when the interval ends, so a stalled download shows its bytes. */
  private trailing: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: ModelInstallerOptions) {}

  /** The files an install of `model` consists of (null: the model has no pins). */
  artifacts(model: NativeModelSpec): Artifact[] | null {
    if (this.unavailable(model) !== null) return null;
    return artifactsFor(model, {
      runtime: this.options.runtime,
      recorded: this.recordOf(model),
      ...(this.options.sources !== undefined && { sources: this.options.sources }),
    });
  }

  status(model: NativeModelSpec): InstallStatus {
    const artifacts = this.artifacts(model);
    const progress = this.progress.get(model.modelId);
    const bytesTotal = total(artifacts ?? []);
    const state: InstallState =
      artifacts === null ? 'unavailable' : (progress?.state ?? 'not_installed');
    const bytesDone = state === 'installed' ? bytesTotal : (progress?.bytesDone ?? 0);
    const rate = state === 'downloading' ? (progress?.meter?.perSecond() ?? null) : null;
    return {
      modelId: model.modelId,
      state,
      bytesDone,
      bytesTotal,
      percent: bytesTotal === 0 ? 0 : Math.floor((100 * bytesDone) / bytesTotal),
      bytesPerSecond: rate === null ? null : Math.round(rate),
      etaSeconds: rate === null || rate <= 0 ? null : Math.ceil((bytesTotal - bytesDone) / rate),
      error: artifacts === null ? this.unavailable(model) : (progress?.error ?? null),
      errorCode: artifacts === null ? null : (progress?.errorCode ?? null),
      file: busy(state) ? (progress?.file ?? null) : null,
      refused: [...(progress?.refused ?? [])],
      firstUse: this.firstUseOf(model),
    };
  }

  /** Calls `listener` on every change of any model's install until the returned function runs. */
  onChange(listener: (status: InstallStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Looks at the folder: installed when every file is there at its pinned size. */
  async refresh(model: NativeModelSpec): Promise<InstallStatus> {
    const progress = this.progressOf(model);
    if (!busy(progress.state)) await this.readRecord(model);
    const artifacts = this.artifacts(model);
    if (artifacts === null || busy(progress.state)) return this.status(model);
    let complete = true;
    let bytesDone = 0;
    for (const artifact of artifacts) {
      const size = await this.options.folder.size(artifact.target);
      if (size === artifact.bytes) {
        bytesDone += size;
        // Files of a first download not yet recorded prove nothing: downloading records them.
        if (artifact.sha256 === null) complete = false;
      } else {
        complete = false;
        bytesDone += Math.min(
          artifact.bytes,
          (await this.options.folder.size(partOf(artifact.target))) ?? 0,
        );
      }
    }
    progress.bytesDone = bytesDone;
    if (complete) progress.state = 'installed';
    else if (progress.state === 'installed') progress.state = 'not_installed';
    return this.emit(model, true);
  }

  /** Downloads what is missing (the user agreed); concurrent calls share one download. */
  download(model: NativeModelSpec): Promise<InstallStatus> {
    const progress = this.progressOf(model);
    progress.running ??= this.run(model, progress).finally(() => {
      progress.running = null;
      progress.abort = null;
    });
    return progress.running;
  }

  /** Stops a running download; what was fetched stays and the next download resumes it. */
  cancel(model: NativeModelSpec): void {
    this.progress.get(model.modelId)?.abort?.abort();
  }

  /** Reads the installed files, each checked against its pinned SHA-256. */
  async load(model: NativeModelSpec): Promise<LoadedModelFiles> {
    const artifacts = this.artifacts(model);
    if (artifacts === null) throw new ModelFilesError(this.status(model).error ?? '');
    const loaded: LoadedModelFiles = { files: {}, runtime: null };
    const prefix = `${model.modelId}/`;
    for (const artifact of artifacts) {
      if (artifact.sha256 === null)
        throw await this.notInstalled(model, `${model.modelId} has not been downloaded yet`);
      const bytes = await this.options.folder.read(artifact.target);
      if (bytes === null) throw await this.notInstalled(model, `${artifact.target} is missing`);
      if (bytes.length !== artifact.bytes || (await sha256Hex(bytes)) !== artifact.sha256) {
        await this.options.folder.remove(artifact.target);
        throw await this.notInstalled(
          model,
          `${artifact.target} is not the pinned file (size or SHA-256 differ) and was deleted`,
        );
      }
      if (artifact.target.startsWith(prefix)) loaded.files[artifact.path] = bytes;
      else loaded.runtime = bytes;
    }
    return loaded;
  }

  private async run(model: NativeModelSpec, progress: Progress): Promise<InstallStatus> {
    await this.refresh(model);
    const artifacts = this.artifacts(model);
    if (artifacts === null || progress.state === 'installed') return this.status(model);
    const abort = new AbortController();
    Object.assign(progress, {
      state: 'downloading',
      error: null,
      errorCode: null,
      refused: [],
      abort,
      meter: new RateMeter(),
    });
    this.emit(model, true);
    const kept: PinnedFile[] = [];
    try {
      for (const artifact of artifacts) {
        const sha256 =
          (await this.alreadyThere(artifact)) ??
          (await downloadFile(artifact, {
            folder: this.options.folder,
            signal: abort.signal,
            fetch: this.options.fetch,
            onBytes: (delta) => {
              progress.bytesDone += delta;
              progress.meter?.add(delta);
              this.emit(model, false);
            },
            onStage: (stage) => {
              Object.assign(progress, { state: stage, file: artifact.target });
              this.emit(model, true);
            },
            onRefused: () => {
              if (!progress.refused.includes(artifact.target))
                progress.refused.push(artifact.target);
              this.emit(model, true);
            },
          }));
        kept.push({ path: artifact.path, bytes: artifact.bytes, sha256 });
      }
      await this.recordFirstUse(model, artifacts, kept);
      progress.state = 'installed';
    } catch (error) {
      const failure = this.failureOf(model, error);
      const cancelled = failure.code === 'cancelled';
      progress.state = cancelled ? 'not_installed' : 'failed';
      progress.error = cancelled ? null : failure.message;
      progress.errorCode = cancelled ? null : failure.code;
    }
    progress.meter = null;
    progress.file = null;
    return this.emit(model, true);
  }

  private async notInstalled(model: NativeModelSpec, reason: string): Promise<ModelFilesError> {
    await this.refresh(model);
    return new ModelFilesError(
      `${reason}; download the model again in the Local MCP Server settings (Semantic search), or place the pinned files by hand.`,
    );
  }

  /** The SHA-256 of a file already in place at its size (hashed only when not yet known). */
  private async alreadyThere(artifact: Artifact): Promise<string | null> {
    if ((await this.options.folder.size(artifact.target)) !== artifact.bytes) return null;
    if (artifact.sha256 !== null) return artifact.sha256;
    const bytes = await this.options.folder.read(artifact.target);
    return bytes === null ? null : sha256Hex(bytes);
  }

  /** After a first download of an unpinned model: its sizes and hashes become its pins here. */
  private async recordFirstUse(
    model: NativeModelSpec,
    artifacts: readonly Artifact[],
    kept: readonly PinnedFile[],
  ): Promise<void> {
    const { firstUse } = model;
    const records = this.options.records;
    if (model.pins !== null || firstUse === undefined || records === undefined) return;
    if (this.recordOf(model) !== null) return;
    const prefix = `${model.modelId}/`;
    const files = kept.filter((_, i) => artifacts[i]?.target.startsWith(prefix));
    const record = {
      modelId: model.modelId,
      revision: firstUse.revision,
      recordedAt: new Date().toISOString(),
      files,
    };
    await records.write(record);
    this.records.set(recordKey(model), { kind: 'recorded', record });
  }

  /** A failure as a code and a message naming the next step. */
  private failureOf(
    model: NativeModelSpec,
    error: unknown,
  ): { code: DownloadErrorCode; message: string } {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ModelDownloadError)) return { code: 'network_error', message };
    const first = this.firstUseOf(model);
    const recordedAt = first?.recordedAt ?? null;
    if (error.code !== 'hash_mismatch' || first === null || recordedAt === null)
      return { code: error.code, message };
    const file = message.replace(/ did not match .*$/, '');
    return {
      code: 'model_hashes_changed',
      message: `${file} did not match the SHA-256 recorded on this device: the source now sends other files for ${model.modelId} at revision ${first.revision.slice(0, 7)} than the ones this device first downloaded on ${recordedAt.slice(0, 10)}, so nothing new was kept. If you trust the new files, delete ${first.where} and download again; otherwise pick another model.`,
    };
  }

  /** Why `model` cannot be installed here, or null. */
  private unavailable(model: NativeModelSpec): string | null {
    if (model.pins !== null) return null;
    if (model.firstUse === undefined)
      return `${model.modelId} has no pinned revision and hashes in this version, so it cannot be installed; pick all-MiniLM-L6-v2.`;
    if (this.options.records === undefined)
      return `${model.modelId} is trusted on first use, and this installer has nowhere to record its hashes; pick all-MiniLM-L6-v2 or EmbeddingGemma.`;
    const lookup = this.records.get(recordKey(model));
    if (lookup?.kind === 'unreadable')
      return `The record of ${model.modelId}'s first download (${this.options.records.where(model.modelId, model.firstUse.revision)}) cannot be read (${lookup.reason}); delete it to download and record the files again.`;
    return null;
  }

  private recordOf(model: NativeModelSpec): FirstUseRecord | null {
    const lookup = this.records.get(recordKey(model));
    return lookup?.kind === 'recorded' ? lookup.record : null;
  }

  private async readRecord(model: NativeModelSpec): Promise<void> {
    const records = this.options.records;
    if (model.pins !== null || model.firstUse === undefined || records === undefined) return;
    this.records.set(recordKey(model), await records.read(model.modelId, model.firstUse.revision));
  }

  private firstUseOf(model: NativeModelSpec): FirstUseStatus | null {
    const { firstUse } = model;
    if (model.pins !== null || firstUse === undefined) return null;
    return {
      revision: firstUse.revision,
      recordedAt: this.recordOf(model)?.recordedAt ?? null,
      where: this.options.records?.where(model.modelId, firstUse.revision) ?? '',
    };
  }

  private progressOf(model: NativeModelSpec): Progress {
    let progress = this.progress.get(model.modelId);
    if (progress === undefined) {
      progress = {
        state: 'not_installed',
        bytesDone: 0,
        error: null,
        errorCode: null,
        file: null,
        refused: [],
        meter: null,
        running: null,
        abort: null,
      };
      this.progress.set(model.modelId, progress);
    }
    return progress;
  }

  private emit(model: NativeModelSpec, always: boolean): InstallStatus {
    const status = this.status(model);
    const now = Date.now();
    const wait = this.lastEmit + (this.options.emitEveryMs ?? 100) - now;
    if (!always && wait > 0) {
      this.trailing ??= setTimeout(() => {
        this.trailing = null;
        this.emit(model, true);
      }, wait);
      return status;
    }
    if (this.trailing !== null) clearTimeout(this.trailing);
    this.trailing = null;
    this.lastEmit = now;
    for (const listener of this.listeners) listener(status);
    return status;
  }
}

/** A download is under way (fetching or checking a file). */
function busy(state: InstallState): boolean {
  return state === 'downloading' || state === 'verifying';
}

function recordKey(model: NativeModelSpec): string {
  return `${model.modelId}@${model.firstUse?.revision ?? ''}`;
}

function total(artifacts: readonly Artifact[]): number {
  return artifacts.reduce((sum, artifact) => sum + artifact.bytes, 0);
}
