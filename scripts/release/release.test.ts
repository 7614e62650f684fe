import { afterAll, describe, expect, test } from 'bun:test';
import { openPromise, type Entry } from 'yauzl';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PLUGIN_FILES, release } from './release.ts';
import { workflowAssets } from './workflow-assets.ts';

const ROOT = join(import.meta.dir, '..', '..');

/** Every entry of a zip, by name, in the order the zip holds them. */
async function zipEntries(path: string): Promise<Map<string, Buffer>> {
  const zip = await openPromise(path, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          entries.set(entry.fileName, Buffer.concat((await stream.toArray()) as Buffer[]));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
const temp = await mkdtemp(join(tmpdir(), 'release-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('bun run release', () => {
  test('writes the zip, the three loose files (the same bytes in both) and the npm tarball: what the workflow uploads', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'manifest.json'), 'utf8')) as {
      version: string;
    };
    const out = join(temp, 'first');
    const done = await release(ROOT, out);
    expect(done.zip).toBe(join(out, `local-mcp-server-${manifest.version}.zip`));
    expect(done.files).toEqual(PLUGIN_FILES.map((name) => join(out, name)));
    expect(done.tarball).toBe(join(out, `local-mcp-server-${manifest.version}.tgz`));
    // Exactly the files .github/workflows/release.yml attests and attaches, run from the root.
    expect(done.assets.map((path) => `release/${relative(out, path)}`)).toEqual(
      await workflowAssets(manifest.version),
    );
    const entries = await zipEntries(done.zip);
    expect([...entries.keys()]).toEqual(PLUGIN_FILES.map((name) => `local-mcp-server/${name}`));
    for (const name of PLUGIN_FILES) {
      const loose = await readFile(join(out, name));
      const zipped = entries.get(`local-mcp-server/${name}`) as Buffer;
      expect({ name, same: Buffer.compare(zipped, loose) }).toEqual({ name, same: 0 });
    }
    expect(await readFile(join(out, 'manifest.json'), 'utf8')).toBe(
      await readFile(join(ROOT, 'manifest.json'), 'utf8'),
    );
    const again = await release(ROOT, join(temp, 'second'));
    expect(Buffer.compare(await readFile(again.zip), await readFile(done.zip))).toBe(0);
    expect(Buffer.compare(await readFile(again.tarball), await readFile(done.tarball))).toBe(0);
  }, 180_000);

  test('with --tag: refuses a tag that is not the version, or a version without notes', async () => {
    const root = await versionedRoot(
      join(temp, 'tagged'),
      '0.2.0',
      '# Changelog\n\n## [Unreleased]\n\n- New.\n',
    );
    const attempt = (tag: string) =>
      release(root, join(root, 'release'), { tag }).then(
        () => null,
        (error: unknown) => String(error),
      );
    expect(await attempt('v0.2.0')).toContain(
      "The tag v0.2.0 is not manifest.json's version 0.2.0.",
    );
    expect(await attempt('0.2.0')).toContain('CHANGELOG.md has no section for 0.2.0');
  });

  test('refuses to build when the version files disagree, naming each file', async () => {
    const root = await versionedRoot(join(temp, 'disagreeing'), '0.2.0');
    await writeFile(join(root, 'versions.json'), json({ '0.1.0': '1.7.2' }));
    await writeFile(
      join(root, 'packages', 'plugin', 'package.json'),
      json({ name: 'p', version: '0.1.0' }),
    );
    const attempt = await release(root, join(root, 'release')).then(
      () => null,
      (error: unknown) => String(error),
    );
    expect(attempt).toContain('versions.json maps 0.2.0 to undefined');
    expect(attempt).toContain('packages/plugin/package.json is at 0.1.0, not 0.2.0');
    expect(
      await readFile(join(root, 'release', 'local-mcp-server-0.2.0.zip')).catch(() => null),
    ).toBeNull();
  });
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A repository's version files, all at `version`. */
async function versionedRoot(
  root: string,
  version: string,
  changelog = '# Changelog\n\n## [Unreleased]\n',
): Promise<string> {
  await mkdir(join(root, 'packages', 'plugin'), { recursive: true });
  await writeFile(
    join(root, 'manifest.json'),
    json({ id: 'local-mcp-server', version, minAppVersion: '1.7.2' }),
  );
  await writeFile(join(root, 'versions.json'), json({ [version]: '1.7.2' }));
  await writeFile(join(root, 'package.json'), json({ name: 'root', private: true }));
  await writeFile(join(root, 'packages', 'plugin', 'package.json'), json({ name: 'p', version }));
  await writeFile(join(root, 'CHANGELOG.md'), changelog);
  return root;
}
