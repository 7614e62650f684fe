/**
 * A provider whose model runs in an embedding worker, so the request thread (and Obsidian's
 * editor) never waits on a model call. The worker is started on the first `embed`, sent the
 * model's files once, and then batches; a worker that dies fails the calls in flight and is
 * started afresh by the next call. `dispose` ends it.
 */
import {
  ProviderUnavailableError,
  type EmbeddingProvider,
  type EmbedRole,
} from '../providers/embedding-provider.ts';
import type { EmbedderSpec, FromEmbedder, MainSide } from './embedder-protocol.ts';
import { transferable } from './embedder-protocol.ts';

export interface WorkerProviderOptions {
  id: string;
  dimensions: number;
  batchSize: number;
  spawn: () => MainSide;
  /** The model to load, read (and verified) only when the worker is first needed. */
  spec: () => Promise<EmbedderSpec>;
}

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

interface Running {
  port: MainSide;
  ready: Promise<string>;
  pending: Map<number, Pending>;
}

export function workerProvider(options: WorkerProviderOptions): EmbeddingProvider & {
  device(): Promise<string>;
} {
  let running: Running | null = null;
  let nextId = 1;

  const start = (): Running => {
    const port = options.spawn();
    const pending = new Map<number, Pending>();
    let loaded!: (device: string) => void;
    let refused!: (error: Error) => void;
    const ready = new Promise<string>((resolve, reject) => {
      loaded = resolve;
      refused = reject;
    });
    ready.catch(() => undefined); // a failed load is reported to the calls that wait on it
    const current: Running = { port, ready, pending };
    const fail = (error: Error) => {
      refused(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
      if (running === current) running = null;
      port.close();
    };
    port.onMessage((message: FromEmbedder) => {
      if (message.type === 'loaded') return loaded(message.device);
      if (message.type === 'failed' && message.id === null)
        return fail(new ProviderUnavailableError(message.message));
      const call = pending.get(message.id ?? 0);
      pending.delete(message.id ?? 0);
      if (message.type === 'failed') call?.reject(new Error(message.message));
      else call?.resolve(split(message.vectors, message.dimensions));
    });
    port.onError((error) =>
      fail(new ProviderUnavailableError(`The embedding worker stopped: ${error.message}`)),
    );
    options.spec().then(
      (spec) => port.post({ type: 'load', spec }, transferable(viewsOf(spec))),
      (error: unknown) =>
        fail(
          error instanceof Error
            ? new ProviderUnavailableError(error.message)
            : new Error(String(error)),
        ),
    );
    return current;
  };

  const ensure = (): Running => (running ??= start());

  return {
    id: options.id,
    dimensions: options.dimensions,
    batchSize: options.batchSize,
    async embed(texts: readonly string[], role: EmbedRole) {
      if (texts.length === 0) return [];
      const worker = ensure();
      await worker.ready;
      const id = nextId++;
      return new Promise<Float32Array[]>((resolve, reject) => {
        worker.pending.set(id, { resolve, reject });
        worker.port.post({ type: 'embed', id, texts: [...texts], role }, []);
      });
    },
    device: () => ensure().ready,
    async dispose() {
      const worker = running;
      running = null;
      if (worker === null) return;
      for (const call of worker.pending.values())
        call.reject(new Error('The provider was closed.'));
      worker.port.close();
    },
  };
}

function split(flat: Float32Array, dimensions: number): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let start = 0; start < flat.length; start += dimensions)
    rows.push(flat.subarray(start, start + dimensions));
  return rows;
}

function viewsOf(spec: EmbedderSpec): Uint8Array[] {
  if (spec.kind !== 'native') return [];
  return [...Object.values(spec.files), ...(spec.runtime === null ? [] : [spec.runtime])];
}
