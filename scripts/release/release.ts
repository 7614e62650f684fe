/**
 * `bun run release [-- --tag X.Y.Z] [--repository OWNER/NAME]`: builds the plugin and the
 * headless CLI and writes what a GitHub release carries, into release/ (`Release.assets`, the
 * list .github/workflows/release.yml uploads): the three loose files Obsidian downloads
 * (main.js, manifest.json, styles.css), <id>-<version>.zip with the same three in an <id>/
 * folder, ready to unzip into <vault>/.obsidian/plugins/, and the npm package of the headless
 * CLI, local-mcp-server-<version>.tgz (headless-package.ts). Beside them notes.md, the
 * CHANGELOG section, for the release's description. Stops before building when the version
 * files disagree (manifest.json, versions.json, the package.json files); warns when CHANGELOG.md
 * has no section for the version yet (`bun run version:bump` writes it). With --tag (the
 * workflow's), the tag must be the version and the section must exist. The zip (yazl) is
 * reproducible: fixed timestamps, files in a fixed order. Steps: docs/release.md.
 */
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ZipFile } from 'yazl';
import { join } from 'node:path';
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';
import { buildPlugin } from '../build-plugin.ts';
import { packHeadless } from './headless-package.ts';
import { manifestOf, readVersionFiles, releaseNotes, versionProblems } from './version-files.ts';

const ROOT = join(import.meta.dir, '..', '..');
export const PLUGIN_FILES = ['main.js', 'manifest.json', 'styles.css'] as const;
/** Every entry's timestamp, so the same build always zips to the same bytes. */
const ZIP_TIME = new Date(2020, 0, 1); // zip times are local: midnight in any time zone

export interface Release {
  version: string;
  zip: string;
  /** The plugin's three loose files. */
  files: string[];
  /** The headless CLI's npm package. */
  tarball: string;
  /** Every file the GitHub release carries, in the order it lists them. */
  assets: string[];
  /** The CHANGELOG section of the version, for the release's description. */
  notes: string;
  warnings: string[];
}

export interface ReleaseOptions {
  /** The tag being released: it must equal the version, whose notes must exist. */
  tag?: string | undefined;
  /** `owner/name` on GitHub, named in the npm package. */
  repository?: string | undefined;
}

/** The release files' names, for a plugin id and version. */
export function assetNames(id: string, version: string): string[] {
  return [...PLUGIN_FILES, `${id}-${version}.zip`, `${PRODUCT_NAMES.npmPackage}-${version}.tgz`];
}

export async function release(
  root: string = ROOT,
  outDir = join(root, 'release'),
  options: ReleaseOptions = {},
): Promise<Release> {
  const versionFiles = await readVersionFiles(root);
  const problems = versionProblems(versionFiles);
  const { version, id } = manifestOf(versionFiles);
  const notes = releaseNotes(versionFiles, version);
  const missingNotes = `CHANGELOG.md has no section for ${version}: run bun run version:bump -- ${version} before publishing.`;
  if (problems.length > 0)
    throw new Error(
      `The version files disagree; fix them (bun run version:bump sets all of them):\n- ${problems.join('\n- ')}`,
    );
  if (options.tag !== undefined && options.tag !== version)
    throw new Error(`The tag ${options.tag} is not manifest.json's version ${version}.`);
  if (options.tag !== undefined && notes === null) throw new Error(missingNotes);
  const warnings = notes === null ? [missingNotes] : [];
  await mkdir(outDir, { recursive: true });
  const built = await buildPlugin(join(outDir, id));
  const archive = new ZipFile();
  const files: string[] = [];
  for (const name of PLUGIN_FILES) {
    await copyFile(join(built, name), join(outDir, name));
    files.push(join(outDir, name));
    archive.addBuffer(await readFile(join(built, name)), `${id}/${name}`, {
      mtime: ZIP_TIME,
      compressionLevel: 9,
    });
  }
  archive.end();
  const zip = join(outDir, `${id}-${version}.zip`);
  await pipeline(archive.outputStream, createWriteStream(zip));
  const tarball = await packHeadless(outDir, { repository: options.repository });
  const notesFile = join(outDir, 'notes.md');
  await writeFile(notesFile, `${notes ?? ''}\n`);
  const assets = [...files, zip, tarball];
  // npm names the tarball; the workflow names what it uploads from assetNames' pattern.
  const expected = assetNames(id, version).map((name) => join(outDir, name));
  if (assets.join('\n') !== expected.join('\n'))
    throw new Error(`The release wrote ${assets.join(', ')}, not ${expected.join(', ')}.`);
  return { version, zip, files, tarball, assets, notes: notesFile, warnings };
}

if (import.meta.main) {
  try {
    const { values } = parseArgs({
      options: { tag: { type: 'string' }, repository: { type: 'string' } },
    });
    const done = await release(ROOT, join(ROOT, 'release'), values);
    for (const warning of done.warnings) console.warn(`warning: ${warning}`);
    console.log(`Release ${done.version}:\n  ${[...done.assets, done.notes].join('\n  ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
