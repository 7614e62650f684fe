/**
 * The files that carry the plugin's version, and the rules that keep them in step:
 * manifest.json (`version`, `minAppVersion`: what Obsidian reads), versions.json (each released
 * version -> the oldest Obsidian it runs on: what Obsidian reads to offer an older release to an
 * older app), every workspace package.json with a `version`, and CHANGELOG.md (one
 * `## [x.y.z] - date` section per release, under `## [Unreleased]`). Pure functions over the
 * files' texts, so the bump and the release checks are tested without touching the repository.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type VersionFiles = Record<string, string>;

const MANIFEST = 'manifest.json';
const VERSIONS = 'versions.json';
const CHANGELOG = 'CHANGELOG.md';
const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** Reads the version files of the repository at `root` (package.json files that have a version). */
export async function readVersionFiles(root: string): Promise<VersionFiles> {
  const files: VersionFiles = {};
  for (const path of [MANIFEST, VERSIONS, CHANGELOG, 'package.json'])
    files[path] = await readFile(join(root, path), 'utf8');
  for (const name of await readdir(join(root, 'packages'))) {
    const path = `packages/${name}/package.json`;
    const text = await readFile(join(root, path), 'utf8').catch(() => null);
    if (text !== null) files[path] = text;
  }
  for (const path of Object.keys(files)) {
    if (path.endsWith('package.json') && !('version' in parse(files[path] as string)))
      delete files[path];
  }
  return files;
}

export async function writeVersionFiles(root: string, files: VersionFiles): Promise<void> {
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
}

function parse(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export interface Manifest {
  id: string;
  version: string;
  minAppVersion: string;
}

export function manifestOf(files: VersionFiles): Manifest {
  return parse(files[MANIFEST] ?? '{}') as unknown as Manifest;
}

/** Problems that would make a broken or mislabelled release; empty when the files agree. */
export function versionProblems(files: VersionFiles): string[] {
  const { version, minAppVersion } = manifestOf(files);
  const problems: string[] = [];
  if (!SEMVER.test(version ?? '')) problems.push(`manifest.json version "${version}" is not x.y.z`);
  const versions = parse(files[VERSIONS] ?? '{}');
  if (versions[version] !== minAppVersion)
    problems.push(
      `versions.json maps ${version} to ${JSON.stringify(versions[version])}, manifest.json's minAppVersion is ${minAppVersion}`,
    );
  for (const [path, text] of Object.entries(files)) {
    if (!path.endsWith('package.json')) continue;
    const packageVersion = parse(text).version;
    if (packageVersion !== version)
      problems.push(`${path} is at ${String(packageVersion)}, not ${version}`);
  }
  return problems;
}

/** The CHANGELOG section of `version` (its lines after the heading), or null. */
export function releaseNotes(files: VersionFiles, version: string): string | null {
  const changelog = files[CHANGELOG] ?? '';
  const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\].*$`, 'm').exec(changelog);
  if (heading === null) return null;
  const rest = changelog.slice(heading.index + heading[0].length);
  const next = /^## \[/m.exec(rest);
  return (next === null ? rest : rest.slice(0, next.index)).trim();
}

/** `major`, `minor`, `patch` or an explicit x.y.z, from the current version. */
export function nextVersion(current: string, request: string): string {
  const parts = SEMVER.exec(current);
  if (parts === null) throw new Error(`the current version "${current}" is not x.y.z`);
  const [major, minor, patch] = parts.slice(1).map(Number) as [number, number, number];
  if (request === 'major') return `${major + 1}.0.0`;
  if (request === 'minor') return `${major}.${minor + 1}.0`;
  if (request === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (SEMVER.test(request)) return request;
  throw new Error(`"${request}" is neither major, minor, patch nor a version x.y.z`);
}

function compare(a: string, b: string): number {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let index = 0; index < 3; index++) {
    const difference = (x?.[index] ?? 0) - (y?.[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export interface Bump {
  version: string;
  /** The Obsidian version it needs; the manifest's unless changed. */
  minAppVersion?: string;
  /** YYYY-MM-DD for the CHANGELOG heading. */
  date: string;
}

/**
 * The version files after releasing `bump.version`: every version field set, versions.json
 * given the new entry, and the CHANGELOG's Unreleased notes moved under the new version's
 * heading. The version must be newer than the manifest's, or equal to it while it has no
 * CHANGELOG section yet (the first release of a version set by hand). Unreleased must not be
 * empty: a release says what changed.
 */
export function bumpVersion(files: VersionFiles, bump: Bump): VersionFiles {
  const current = manifestOf(files);
  const firstRelease =
    bump.version === current.version && releaseNotes(files, bump.version) === null;
  if (compare(bump.version, current.version) <= 0 && !firstRelease)
    throw new Error(`${bump.version} is not newer than ${current.version}, which is released`);
  const minAppVersion = bump.minAppVersion ?? current.minAppVersion;
  const next: VersionFiles = {};
  for (const [path, text] of Object.entries(files)) {
    if (path === MANIFEST)
      next[path] = json({ ...parse(text), version: bump.version, minAppVersion });
    else if (path === VERSIONS)
      next[path] = json({ ...parse(text), [bump.version]: minAppVersion });
    else if (path === CHANGELOG) next[path] = moveUnreleased(text, bump);
    else next[path] = json({ ...parse(text), version: bump.version });
  }
  return next;
}

function moveUnreleased(changelog: string, bump: Bump): string {
  const heading = /^## \[Unreleased\][^\n]*\n/m.exec(changelog);
  if (heading === null) throw new Error('CHANGELOG.md has no "## [Unreleased]" section to release');
  const start = heading.index + heading[0].length;
  const rest = changelog.slice(start);
  const end = /^## \[/m.exec(rest)?.index ?? rest.length;
  const notes = rest.slice(0, end).trim();
  if (notes === '')
    throw new Error('CHANGELOG.md says nothing under Unreleased: write what changed first');
  return `${changelog.slice(0, start)}\n## [${bump.version}] - ${bump.date}\n\n${notes}\n\n${rest.slice(end)}`
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}
