/**
 * The built CLI's files, which a .mcpb exported with the fallback carries: every ES module of the
 * build (cli.mjs, the chunks its commands load, and the embedder's, the note parser's, the file
 * stats' and the read-ahead's threads beside it): from the folder of this very file when the CLI
 * runs from its build (dist/, installed or not), else the build in the repository
 * (`bun run build:headless`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package-root.ts';

const CLI_FILE = 'cli.mjs';

/** The files by name, or null when running from source with nothing built. */
export async function builtCliFiles(): Promise<Record<string, Uint8Array> | null> {
  const running = fileURLToPath(import.meta.url);
  const folder = running.endsWith('.mjs') ? dirname(running) : join(packageRoot(), 'dist');
  try {
    const names = (await readdir(folder)).filter((name) => name.endsWith('.mjs'));
    if (!names.includes(CLI_FILE)) return null;
    const files: Record<string, Uint8Array> = {};
    for (const name of names) files[name] = new Uint8Array(await readFile(join(folder, name)));
    return files;
  } catch {
    return null;
  }
}
