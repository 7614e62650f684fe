/**
 * A test vault whose files have chosen modification times, set on disk before the simulated
 * Obsidian scans it (openTestHost opens at once, so it cannot). For tests that order files by mtime.
 */
import {
  buildVault,
  openHostOver,
  type TestHost,
} from '../../../../../host/test-support/test-host.ts';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';

export async function openTimedHost(
  files: Record<string, string | Uint8Array>,
  mtimes: Record<string, number>,
): Promise<TestHost> {
  const vault = await buildVault(files);
  for (const [path, mtime] of Object.entries(mtimes)) {
    await utimes(join(vault.root, path), mtime / 1000, mtime / 1000);
  }
  return openHostOver(vault);
}
