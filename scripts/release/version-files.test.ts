import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  bumpVersion,
  nextVersion,
  readVersionFiles,
  releaseNotes,
  versionProblems,
  type VersionFiles,
} from './version-files.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function files(overrides: Partial<Record<string, unknown>> = {}): VersionFiles {
  return {
    'manifest.json': json({
      id: 'local-mcp-server',
      version: '1.2.3',
      minAppVersion: '1.7.2',
      ...(overrides.manifest as object),
    }),
    'versions.json': json({
      '1.2.2': '1.7.2',
      '1.2.3': '1.7.2',
      ...(overrides.versions as object),
    }),
    'packages/shared/package.json': json({ name: '@x/shared', version: '1.2.3', private: true }),
    'packages/plugin/package.json': json({
      name: '@x/plugin',
      version: (overrides.plugin as string) ?? '1.2.3',
    }),
    'CHANGELOG.md':
      (overrides.changelog as string) ??
      '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n### Added\n\n- A thing.\n\n## [1.2.3] - 2026-01-01\n\n- Older.\n',
  };
}

describe('the version files', () => {
  test("the repository's own are in step", async () => {
    const repository = await readVersionFiles(join(import.meta.dir, '..', '..'));
    expect(Object.keys(repository)).toContain('packages/obsidian-plugin/package.json');
    expect(Object.keys(repository)).not.toContain('package.json'); // the root carries no version
    expect(versionProblems(repository)).toEqual([]);
  });

  test('disagreements are named', () => {
    expect(versionProblems(files({ plugin: '1.2.2', versions: { '1.2.3': '1.8.0' } }))).toEqual([
      'versions.json maps 1.2.3 to "1.8.0", manifest.json\'s minAppVersion is 1.7.2',
      'packages/plugin/package.json is at 1.2.2, not 1.2.3',
    ]);
  });

  test('next versions', () => {
    expect(
      ['patch', 'minor', 'major', '2.0.1'].map((request) => nextVersion('1.2.3', request)),
    ).toEqual(['1.2.4', '1.3.0', '2.0.0', '2.0.1']);
    expect(() => nextVersion('1.2.3', 'bigger')).toThrow('neither major, minor, patch');
  });
});

describe('bumpVersion', () => {
  test('sets every version, adds to versions.json and moves the Unreleased notes under the new heading', () => {
    const bumped = bumpVersion(files(), { version: '1.3.0', date: '2026-12-01' });
    expect(JSON.parse(bumped['manifest.json'] as string)).toEqual({
      id: 'local-mcp-server',
      version: '1.3.0',
      minAppVersion: '1.7.2',
    });
    expect(bumped['versions.json']).toBe(
      json({ '1.2.2': '1.7.2', '1.2.3': '1.7.2', '1.3.0': '1.7.2' }),
    );
    expect(bumped['packages/shared/package.json']).toBe(
      json({ name: '@x/shared', version: '1.3.0', private: true }),
    );
    expect(bumped['CHANGELOG.md']).toBe(
      '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [1.3.0] - 2026-12-01\n\n### Added\n\n- A thing.\n\n## [1.2.3] - 2026-01-01\n\n- Older.\n',
    );
    expect(versionProblems(bumped)).toEqual([]);
    expect(releaseNotes(bumped, '1.3.0')).toBe('### Added\n\n- A thing.');
  });

  test('a new minimum Obsidian version goes to the manifest and to the new versions.json entry only', () => {
    const bumped = bumpVersion(files(), {
      version: '2.0.0',
      minAppVersion: '1.8.0',
      date: '2026-12-01',
    });
    expect(JSON.parse(bumped['manifest.json'] as string)).toMatchObject({ minAppVersion: '1.8.0' });
    expect(JSON.parse(bumped['versions.json'] as string)).toEqual({
      '1.2.2': '1.7.2',
      '1.2.3': '1.7.2',
      '2.0.0': '1.8.0',
    });
  });

  test('the first release of the version already set is allowed; an older or released one is not', () => {
    const unreleased = files({ changelog: '# Changelog\n\n## [Unreleased]\n\n- First.\n' });
    const first = bumpVersion(unreleased, { version: '1.2.3', date: '2026-12-01' });
    expect(first['CHANGELOG.md']).toBe(
      '# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-12-01\n\n- First.\n',
    );
    expect(() => bumpVersion(files(), { version: '1.2.3', date: '2026-12-01' })).toThrow(
      '1.2.3 is not newer than 1.2.3',
    );
    expect(() => bumpVersion(files(), { version: '1.1.0', date: '2026-12-01' })).toThrow(
      'not newer',
    );
  });

  test('a release needs notes, and an Unreleased section to take them from', () => {
    const empty = files({
      changelog: '# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-01-01\n\n- Older.\n',
    });
    expect(() => bumpVersion(empty, { version: '1.2.4', date: '2026-12-01' })).toThrow(
      'says nothing under Unreleased',
    );
    const none = files({ changelog: '# Changelog\n' });
    expect(() => bumpVersion(none, { version: '1.2.4', date: '2026-12-01' })).toThrow(
      'no "## [Unreleased]" section',
    );
  });
});
