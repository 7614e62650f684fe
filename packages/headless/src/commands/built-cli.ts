/**
 * The built CLI's bytes, which a .mcpb exported with the fallback carries: this very file when
 * the CLI runs from its build (dist/cli.mjs, installed or not), else the build in the repository
 * (`bun run build:headless` writes it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package-root.ts';

/** The bytes, or null when running from source with nothing built. */
export async function builtCliBytes(): Promise<Uint8Array | null> {
  const running = fileURLToPath(import.meta.url);
  const path = running.endsWith('.mjs') ? running : join(packageRoot(), 'dist', 'cli.mjs');
  return readFile(path).then(
    (bytes) => new Uint8Array(bytes),
    () => null,
  );
}
