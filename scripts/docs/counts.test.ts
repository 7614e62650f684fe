/**
 * The counts the docs give of the tools come from the registry: README's "N tools" is every
 * tool a client can be given (the registry's and the meta-tools), and every "N meta-tools" is
 * the meta-tools'. (The palette commands are counted in the simulated Obsidian:
 * packages/obsidian-sim/src/docs-palette.test.ts; the CLI's size after a build:
 * scripts/build-headless.test.ts.)
 */
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  allTools,
  metaTools,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';
import { statedCounts } from './doc-counts.ts';

const ROOT = join(import.meta.dir, '..', '..');

describe('the counts in the docs', () => {
  test('README: "N tools" is every tool, the meta-tools included', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const stated = [...readme.matchAll(/^(\d+) tools:/gm)].map((match) => Number(match[1]));
    expect(stated).toEqual([allTools.length + metaTools.length]);
  });

  test('every "N meta-tools" is the number of meta-tools', async () => {
    const files = ['README.md'];
    for await (const file of new Glob('docs/features/*.md').scan({ cwd: ROOT })) files.push(file);
    for (const file of files) {
      const counts = statedCounts(await readFile(join(ROOT, file), 'utf8'), 'meta-tools');
      for (const count of counts)
        expect({ file, count }).toEqual({ file, count: metaTools.length });
    }
  });

  test('finds counts in words and digits', () => {
    expect(
      statedCounts('four palette commands and 12 palette commands', 'palette commands'),
    ).toEqual([4, 12]);
  });
});
