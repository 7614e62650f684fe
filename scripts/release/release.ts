/**
 * `bun run release`: builds the plugin and writes what a GitHub release of an Obsidian plugin
 * carries, into release/: the three loose files Obsidian's community directory downloads
 * (main.js, manifest.json, styles.css) and mcp-connector-<version>.zip with the same three in a
 * mcp-connector/ folder, ready to unzip into <vault>/.obsidian/plugins/. Stops before building
 * when the version files disagree (manifest.json, versions.json, the package.json files); warns
 * when CHANGELOG.md has no section for the version yet (`bun run version:bump` writes it). The
 * zip (yazl) is reproducible: fixed timestamps, files in a fixed order. Steps: docs/release.md.
 */
import { createWriteStream } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { join } from 'node:path';
import { buildPlugin } from '../build-plugin.ts';
import { manifestOf, readVersionFiles, releaseNotes, versionProblems } from './version-files.ts';

const ROOT = join(import.meta.dir, '..', '..');
export const PLUGIN_FILES = ['main.js', 'manifest.json', 'styles.css'] as const;
/** Every entry's timestamp, so the same build always zips to the same bytes. */
const ZIP_TIME = new Date(2020, 0, 1); // zip times are local: midnight in any time zone

export interface Release {
  version: string;
  zip: string;
  files: string[];
  warnings: string[];
}

export async function release(
  root: string = ROOT,
  outDir = join(root, 'release'),
): Promise<Release> {
  const versionFiles = await readVersionFiles(root);
  const problems = versionProblems(versionFiles);
  if (problems.length > 0)
    throw new Error(
      `The version files disagree; fix them (bun run version:bump sets all of them):\n- ${problems.join('\n- ')}`,
    );
  const { version, id } = manifestOf(versionFiles);
  const warnings =
    releaseNotes(versionFiles, version) === null
      ? [
          `CHANGELOG.md has no section for ${version}: run bun run version:bump -- ${version} before publishing.`,
        ]
      : [];
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
  return { version, zip, files, warnings };
}

if (import.meta.main) {
  try {
    const done = await release();
    for (const warning of done.warnings) console.warn(`warning: ${warning}`);
    console.log(`Release ${done.version}:\n  ${[done.zip, ...done.files].join('\n  ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
