import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { findLinkPath } from './find-link-path.ts';

let vault: TestHost;
afterEach(() => vault.close());

/** A -> B -> D -> E and A -> C -> D: two shortest chains to D, through B and through C. */
const FILES = {
  'A.md': 'to [[C]] and [[B]]',
  'B.md': '---\nnext: "[[D]]"\n---\n',
  'C.md': 'on to ![[D]]',
  'D.md': 'last: [[E]]',
  'E.md': 'the end',
  'Island.md': 'alone [[Nowhere]]',
};

describe('find_link_path', () => {
  test('a shortest chain, each step with how and where it is linked; ties go to the first path', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(findLinkPath, vault.host, { from: 'A.md', to: 'E.md' })).toEqual({
      from: 'A.md',
      to: 'E.md',
      direction: 'both',
      found: true,
      length: 3,
      path: [
        { path: 'A.md' },
        {
          path: 'B.md',
          direction: 'out',
          links: [{ from: 'A.md', kind: 'link', line: 0, context: 'to [[C]] and [[B]]' }],
        },
        {
          path: 'D.md',
          direction: 'out',
          links: [{ from: 'B.md', kind: 'frontmatter', key: 'next', context: 'next: [[D]]' }],
        },
        {
          path: 'E.md',
          direction: 'out',
          links: [{ from: 'D.md', kind: 'link', line: 0, context: 'last: [[E]]' }],
        },
      ],
    });
  });

  test('direction in walks the links backwards; both finds a chain either way', async () => {
    vault = await openTestHost(FILES);
    const back = await runOk(findLinkPath, vault.host, {
      from: 'E.md',
      to: 'C.md',
      direction: 'in',
    });
    expect(back).toMatchObject({ found: true, length: 2 });
    expect((back.path as { path: string }[]).map((step) => step.path)).toEqual([
      'E.md',
      'D.md',
      'C.md',
    ]);
    expect((back.path as { links?: unknown[] }[])[2]?.links).toEqual([
      { from: 'C.md', kind: 'embed', line: 0, context: 'on to ![[D]]' },
    ]);
    const forward = await runOk(findLinkPath, vault.host, {
      from: 'E.md',
      to: 'C.md',
      direction: 'out',
    });
    expect(forward).toMatchObject({ found: false, beyond: false });
    expect(forward.message).toContain('direction both');
  });

  test('none within maxDepth says a longer chain may exist; none at all says so', async () => {
    vault = await openTestHost(FILES);
    const short = await runOk(findLinkPath, vault.host, { from: 'A.md', to: 'E.md', maxDepth: 2 });
    expect(short).toEqual({
      from: 'A.md',
      to: 'E.md',
      direction: 'both',
      found: false,
      maxDepth: 2,
      beyond: true,
      message: 'No chain of at most 2 links; a longer one may exist (raise maxDepth, up to 10).',
    });
    expect(await runOk(findLinkPath, vault.host, { from: 'A.md', to: 'Island.md' })).toMatchObject({
      found: false,
      beyond: false,
      message: 'No chain of links at any length.',
    });
  });

  test('the same file twice, a missing file, a bad path fail with the next step', async () => {
    vault = await openTestHost(FILES);
    expect(await runFail(findLinkPath, vault.host, { from: 'A.md', to: 'A.md' })).toMatchObject({
      code: 'invalid_arguments',
    });
    expect(await runFail(findLinkPath, vault.host, { from: 'A.md', to: 'Z.md' })).toMatchObject({
      code: 'not_found',
    });
    expect(await runFail(findLinkPath, vault.host, { from: 'Z.md', to: '../x.md' })).toMatchObject({
      code: 'invalid_path',
    });
  });
});
