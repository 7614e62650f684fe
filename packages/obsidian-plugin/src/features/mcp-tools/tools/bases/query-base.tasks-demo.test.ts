/**
 * The three bases of the tasks-demo vault (../shared), written by Obsidian 1.9 itself to find
 * the notes whose `aliases`, `tags` or `cssclasses` Obsidian 1.9 stopped reading: a property
 * written as one comma-separated text instead of a list. Each base keeps the notes where the
 * property is not empty, and its formula `note.<property>.join("; ")` fails on exactly the text
 * values (there is no `join` on text): that error column is what the bases were made to show.
 * Expected rows come from the notes' frontmatter, read from the metadata, not from the tool.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import {
  TASKS_DEMO,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
} from '@mcp-connector/shared/test-support';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHostOver, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runOk } from '../../test-support/run-tool.ts';
import { queryBase } from './query-base.ts';

const FOLDER = 'How To/Find properties not read by Obsidian 1.9.x';

describeWithSharedData(
  'the bases Obsidian 1.9 wrote in the tasks-demo vault',
  [TASKS_DEMO_VAULT],
  () => {
    let vault: TestHost;
    beforeAll(async () => {
      const parent = await mkdtemp(join(tmpdir(), 'tasks-demo-'));
      const root = join(parent, 'tasks-demo');
      await cp(TASKS_DEMO, root, { recursive: true });
      vault = await openHostOver({
        root,
        remove: () => rm(parent, { recursive: true, force: true }),
      });
    });
    afterAll(() => vault.close());

    test.each([
      ['Aliases', 'aliases'],
      ['Tags', 'tags'],
      ['CssClasses', 'cssclasses'],
    ])('Check %s.base', async (name, property) => {
      const { host } = vault;
      const withValue = host
        .listFiles()
        .filter((file) => file.extension === 'md')
        .map((file) => ({
          path: file.path,
          value: host.getFileCache(file.path)?.frontmatter?.[property] as unknown,
        }))
        .filter(({ value }) =>
          Array.isArray(value)
            ? value.length > 0
            : value !== undefined && value !== null && value !== '',
        )
        .sort((a, b) =>
          a.path.localeCompare(b.path, undefined, { numeric: true, sensitivity: 'base' }),
        );
      expect(withValue.length).toBeGreaterThan(0);
      const result = await runOk(queryBase, host, { path: `${FOLDER}/Check ${name}.base` });
      const formula = `formula.ErrorsAre${name === 'CssClasses' ? 'Cssclasses' : name}ValuesNeedingFixing`;
      expect(result.unsupported).toBeUndefined();
      expect(result.rows).toEqual(
        withValue.map(({ path, value }) => ({
          path,
          values: {
            'file.name': path.slice(path.lastIndexOf('/') + 1),
            [formula]: Array.isArray(value) ? value.join('; ') : null,
            [property]: value,
            'file.path': path,
          },
        })),
      );
      const failing = withValue
        .filter(({ value }) => !Array.isArray(value))
        .map(({ path }) => path);
      expect(failing.length).toBeGreaterThan(0);
      expect(((result.errors ?? []) as { path: string }[]).map((error) => error.path)).toEqual(
        failing,
      );
    });
  },
);
