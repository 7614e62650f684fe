import { afterEach, describe, expect, test } from 'bun:test';
import type { TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getVaultOverview } from './get-vault-overview.ts';
import { openTimedHost } from './test-support/timed-vault.ts';

const T = 1_700_000_000_000;
let vault: TestHost;
afterEach(() => vault.close());

const FILES = {
  'Home.md': '#project/alpha',
  'Projects/One.md': '---\ntags: [project]\n---\n',
  'Projects/Deep/Two.md': '#Project/beta #area',
  'Projects/plan.canvas': '{"nodes":[],"edges":[]}',
  'Projects/Tasks.base': 'views: []',
  'Assets/pic.png': 'png',
  'Archive/Old.md': '#area',
  '.hidden/Secret.md': '#secret',
};
const MTIMES = {
  'Home.md': T,
  'Projects/One.md': T + 1000,
  'Projects/Deep/Two.md': T + 5000,
  'Projects/plan.canvas': T + 4000,
  'Projects/Tasks.base': T - 1000,
  'Assets/pic.png': T + 3000,
  'Archive/Old.md': T + 2000,
};

describe('get_vault_overview', () => {
  test('counts, top-level folders, rolled-up top tags and recent files; hidden ones left out', async () => {
    vault = await openTimedHost(FILES, MTIMES);
    expect(await runOk(getVaultOverview, vault.host)).toEqual({
      vault: 'vault',
      counts: { notes: 4, otherFiles: 3, bases: 1, folders: 4, tags: 4 },
      rootNotes: 1,
      topFolders: [
        { path: 'Archive', notes: 1 },
        { path: 'Assets', notes: 0 },
        { path: 'Projects', notes: 2 },
      ],
      topTags: [
        { tag: 'project', count: 3 },
        { tag: 'area', count: 2 },
        { tag: 'project/alpha', count: 1 },
        { tag: 'Project/beta', count: 1 },
      ],
      recentFiles: [
        { path: 'Projects/Deep/Two.md', mtime: T + 5000 },
        { path: 'Projects/plan.canvas', mtime: T + 4000 },
        { path: 'Assets/pic.png', mtime: T + 3000 },
        { path: 'Archive/Old.md', mtime: T + 2000 },
        { path: 'Projects/One.md', mtime: T + 1000 },
        { path: 'Home.md', mtime: T },
        { path: 'Projects/Tasks.base', mtime: T - 1000 },
      ],
    });
  });

  test('the section limits cut top tags and recent files; 0 leaves a section empty', async () => {
    vault = await openTimedHost(FILES, MTIMES);
    const result = await runOk(getVaultOverview, vault.host, {
      topTagsLimit: 1,
      recentFilesLimit: 0,
    });
    expect(result.topTags).toEqual([{ tag: 'project', count: 3 }]);
    expect(result.recentFiles).toEqual([]);
  });

  test.each([{ topTagsLimit: 101 }, { recentFilesLimit: -1 }, { limit: 5 }])(
    'refuses %p',
    async (args) => {
      vault = await openTimedHost({ 'a.md': '' }, {});
      expect((await runFail(getVaultOverview, vault.host, args)).code).toBe('invalid_arguments');
    },
  );
});
