/**
 * The one interface every embedding provider implements, and the helpers they share. A provider
 * turns texts into unit-length vectors of a fixed `dimensions`; its `id` names the model, so an
 * index built with one provider is never read with another. Heavy providers load their model on
 * the first `embed` call, never at import time.
 */

/** Queries and documents can need different prompts (E5's "query:" / "passage:"). */
export type EmbedRole = 'query' | 'document';

export interface EmbeddingProvider {
  /** Stable id of the model, e.g. `offline:use-lite`; part of the index's folder name. */
  readonly id: string;
  readonly dimensions: number;
  /** Texts a batch should hold: small for providers that compute on the main thread. */
  readonly batchSize: number;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], role: EmbedRole): Promise<Float32Array[]>;
  /** Frees the model; the provider may not be used afterwards. */
  dispose?(): Promise<void>;
}

/** A provider that cannot run here (missing runtime, plugin not installed); the message says why. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** Scales a vector to unit length in place (cosine similarity becomes a dot product). */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) ** 2;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

/** Copies model output rows into unit-length Float32Arrays, checking their dimension. */
export function toUnitVectors(
  rows: readonly ArrayLike<number>[],
  dimensions: number,
  providerId: string,
): Float32Array[] {
  return rows.map((row) => {
    if (row.length !== dimensions) {
      throw new Error(`${providerId} returned ${row.length} dimensions, expected ${dimensions}.`);
    }
    return normalizeInPlace(Float32Array.from(row));
  });
}

/**
 * The native model's files are not in the models folder yet: nothing is downloaded without the
 * user's consent, so search answers with keyword ranking and says how to install the model.
 */
export class ModelNotInstalledError extends ProviderUnavailableError {
  constructor(
    readonly modelId: string,
    message: string,
  ) {
    super(message);
    this.name = 'ModelNotInstalledError';
  }
}
