/**
 * The two hashes the index relies on: a chunk's content hash (sha256, 16 hex digits), which
 * decides whether a chunk must be embedded again, and a path's segment number (FNV-1a), which
 * must never change for a given path or the store would look for notes in the wrong segment.
 */
import { createHash } from 'node:crypto';

export const SEGMENT_COUNT = 16;

export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

export function segmentOf(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SEGMENT_COUNT;
}
