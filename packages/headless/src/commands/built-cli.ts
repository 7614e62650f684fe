/**
 * The built CLI's files, which a .mcpb exported with the fallback carries (cli.mjs and the
 * embedder's, the note parser's, the file stats' and the read-ahead's threads beside it): from the folder of this very file when the CLI runs from its
 * build (dist/, installed or not), else the build in the repository (`bun run build:headless`).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package-root.ts';

const BUILT_FILES = [
  'cli.mjs',
  'embedder-thread.mjs',
  'parse-thread.mjs',
  'stat-thread.mjs',
  'read-ahead-thread.mjs',
];

/** The files by name, or null when running from source with nothing built. */
export async function builtCliFiles(): Promise<Record<string, Uint8Array> | null> {
  const running = fileURLToPath(import.meta.url);
  const folder = running.endsWith('.mjs') ? dirname(running) : join(packageRoot(), 'dist');
  try {
    const files: Record<string, Uint8Array> = {};
    for (const name of BUILT_FILES)
      files[name] = new Uint8Array(await readFile(join(folder, name)));
    return files;
  } catch {
    return null;
  }
}
