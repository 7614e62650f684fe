import { afterEach, describe, expect, test } from 'bun:test';
import type { TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getRecentFiles } from './get-recent-files.ts';
import { openTimedHost } from './test-support/timed-vault.ts';

const T = 1_700_000_000_000;
let vault: TestHost;
afterEach(() => vault.close());

describe('get_recent_files', () => {
  test('lists files of every kind newest first, equal times by path', async () => {
    vault = await openTimedHost(
      {
        'old.md': '',
        'Sub/new.md': '',
        'pic.png': 'x',
        'b.md': '',
        'a.md': '',
        '.hidden/h.md': '',
      },
      {
        'old.md': T,
        'Sub/new.md': T + 3000,
        'pic.png': T + 2000,
        'a.md': T + 1000,
        'b.md': T + 1000,
      },
    );
    expect(await runOk(getRecentFiles, vault.host, { limit: 4 })).toEqual({
      files: [
        { path: 'Sub/new.md', mtime: T + 3000 },
        { path: 'pic.png', mtime: T + 2000 },
        { path: 'a.md', mtime: T + 1000 },
        { path: 'b.md', mtime: T + 1000 },
      ],
      total: 5,
      truncated: true,
    });
  });

  test('defaults to 10', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`n${i}.md`, '']));
    const times = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`n${i}.md`, T + i * 1000]),
    );
    vault = await openTimedHost(files, times);
    const result = await runOk(getRecentFiles, vault.host);
    expect((result.files as { path: string }[]).map((file) => file.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `n${11 - i}.md`),
    );
    expect(result).toMatchObject({ total: 12, truncated: true });
  });

  test.each([{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { limit: '5' }, { count: 3 }])(
    'refuses %p as an argument error',
    async (args) => {
      vault = await openTimedHost({ 'a.md': '' }, {});
      expect((await runFail(getRecentFiles, vault.host, args)).code).toBe('invalid_arguments');
    },
  );
});
