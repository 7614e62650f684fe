/**
 * A deterministic provider for unit tests: each word (lowercased, letters and digits) adds +1 or
 * -1 to a few dimensions chosen by hashing it, so texts that share words get similar vectors.
 * No model, no download, same output everywhere.
 */
import type { EmbeddingProvider } from './embedding-provider.ts';
import { normalizeInPlace } from './embedding-provider.ts';

const WORD = /[\p{L}\p{N}]+/gu;
const SLOTS_PER_WORD = 2;

export function hashingProvider(dimensions = 64): EmbeddingProvider {
  return {
    id: `hashing:${dimensions}`,
    dimensions,
    batchSize: 64,
    embed: async (texts) => texts.map((text) => hashedVector(text, dimensions)),
  };
}

function hashedVector(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    for (let slot = 0; slot < SLOTS_PER_WORD; slot++) {
      const hash = fnv1a(`${slot}:${word}`);
      const index = hash % dimensions;
      vector[index] = (vector[index] as number) + ((hash >>> 16) & 1 ? 1 : -1);
    }
  }
  return normalizeInPlace(vector);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
