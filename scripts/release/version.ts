/**
 * `bun run version:bump -- <major|minor|patch|x.y.z> [--min-app-version X.Y.Z] [--date YYYY-MM-DD]`:
 * sets the next version in manifest.json, versions.json, every workspace package.json and
 * CHANGELOG.md (the Unreleased notes move under the new version's heading), then runs
 * `bun install` so bun.lock records the workspaces' new version. Refuses an older or equal
 * version (except a first release of the version already set) and an empty Unreleased section.
 * The steps around it: docs/release.md.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  bumpVersion,
  manifestOf,
  nextVersion,
  readVersionFiles,
  writeVersionFiles,
} from './version-files.ts';

const ROOT = join(import.meta.dir, '..', '..');

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { 'min-app-version': { type: 'string' }, date: { type: 'string' } },
    allowPositionals: true,
  });
  const [request] = positionals;
  if (request === undefined) {
    console.error(
      'Usage: bun run version:bump -- <major|minor|patch|x.y.z> [--min-app-version X.Y.Z]',
    );
    process.exit(2);
  }
  void readVersionFiles(ROOT)
    .then(async (files) => {
      const current = manifestOf(files).version;
      const version = nextVersion(current, request);
      const minAppVersion = values['min-app-version'];
      const bumped = bumpVersion(files, {
        version,
        date: values.date ?? today(),
        ...(minAppVersion !== undefined && { minAppVersion }),
      });
      await writeVersionFiles(ROOT, bumped);
      const install = spawnSync('bun', ['install'], { cwd: ROOT, stdio: 'inherit' });
      if (install.status !== 0)
        throw new Error('bun install failed; bun.lock still has the old version');
      console.log(
        `${current} -> ${version}: ${Object.keys(bumped).join(', ')} and bun.lock updated.`,
      );
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}

main();
