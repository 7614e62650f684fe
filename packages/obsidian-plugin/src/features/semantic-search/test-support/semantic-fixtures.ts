/**
 * Small builders for semantic-search tests: a provider that counts what it embeds (and can be
 * held, to observe an index mid-build), and a fingerprint of an index folder to prove which
 * segment files a change rewrote.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import { hashingProvider } from '../providers/hashing-provider.ts';

export interface CountingProvider extends EmbeddingProvider {
  /** Every document text embedded so far, in order. */
  readonly embedded: string[];
  /** Makes the next embed calls wait until `release` is called. */
  hold(): void;
  release(): void;
  /** Embed calls started and not yet returned. */
  readonly inFlight: number;
}

export function countingProvider(
  base: EmbeddingProvider = hashingProvider(32),
  id = base.id,
): CountingProvider {
  const embedded: string[] = [];
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;
  let inFlight = 0;
  return {
    id,
    get inFlight() {
      return inFlight;
    },
    dimensions: base.dimensions,
    batchSize: base.batchSize,
    embedded,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open?.();
      gate = null;
    },
    async embed(texts, role) {
      inFlight++;
      try {
        if (gate !== null) await gate;
        if (role === 'document') embedded.push(...texts);
        return await base.embed(texts, role);
      } finally {
        inFlight--;
      }
    },
  };
}

/** File name -> sha256 of its bytes, for every file of an index folder (one level: seg-NN.*). */
export async function fingerprint(directory: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of await readdir(directory).catch(() => [])) {
    result[name] = createHash('sha256')
      .update(await readFile(join(directory, name)))
      .digest('hex');
  }
  return result;
}

export function changedFiles(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
