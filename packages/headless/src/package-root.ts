/**
 * The folder of this package (the one holding its package.json), found from the
 * running file: src/commands/*.ts when run from source, dist/cli.mjs when run from the build, in
 * the repository or installed from npm alike.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  for (let folder = dirname(from); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder)
      throw new Error('The headless package folder (with its package.json) was not found.');
  }
}
