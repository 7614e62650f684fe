/**
 * A note's revision: a short hash of its bytes. Reads return it; writes accept it back as
 * `expectedRevision` so an agent never overwrites an edit it has not seen.
 */
import { createHash } from 'node:crypto';

export function revisionOf(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}
