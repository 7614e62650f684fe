/**
 * The messages between a provider on the request thread and the embedding worker that runs its
 * model (a Web Worker in Obsidian, a worker thread headless). The main side sends the model's
 * verified files once (`load`), then batches of texts; the worker answers each batch with one
 * flat Float32Array (transferred, not copied) of `texts.length * dimensions` floats.
 */
import type { EmbedRole } from '../providers/embedding-provider.ts';
import type { NativeModelSpec } from '../providers/native-models.ts';

export type EmbedderSpec =
  | { kind: 'offline' }
  | {
      kind: 'native';
      model: NativeModelSpec;
      files: Record<string, Uint8Array>;
      /** onnxruntime-web's .wasm, for the web worker; null headless (onnxruntime-node). */
      runtime: Uint8Array | null;
    };

export type ToEmbedder =
  | { type: 'load'; spec: EmbedderSpec }
  | { type: 'embed'; id: number; texts: string[]; role: EmbedRole };

export type FromEmbedder =
  | { type: 'loaded'; device: string }
  | { type: 'embedded'; id: number; vectors: Float32Array; dimensions: number }
  /** `id` null: the load failed. `unavailable`: the model cannot run here (not a glitch). */
  | { type: 'failed'; id: number | null; message: string; unavailable: boolean };

/** One end of the channel, whatever carries it (Worker, worker thread, MessagePort). */
export interface EmbedderPort<Out, In> {
  post(message: Out, transfer: Transferable[]): void;
  onMessage(handler: (message: In) => void): void;
  /** The worker died or could not start. */
  onError(handler: (error: Error) => void): void;
  close(): void;
}

export type MainSide = EmbedderPort<ToEmbedder, FromEmbedder>;
export type WorkerSide = EmbedderPort<FromEmbedder, ToEmbedder>;

/** Buffers that can move to the other side without a copy (not views into a shared pool). */
export function transferable(views: readonly ArrayBufferView[]): Transferable[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    const { buffer } = view;
    if (
      buffer instanceof ArrayBuffer &&
      view.byteOffset === 0 &&
      view.byteLength === buffer.byteLength
    )
      buffers.add(buffer);
  }
  return [...buffers];
}
