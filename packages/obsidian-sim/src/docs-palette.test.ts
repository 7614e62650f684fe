/**
 * What the docs say of the palette is what the built plugin registers: every "N palette
 * commands" is the number of its commands, and README names each of them.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { statedCounts } from '../../../scripts/docs/doc-counts.ts';
import { loadPlugin } from './load-plugin.ts';
import { buildMainJs, type BuiltPlugin } from './test-support/built-plugin.ts';
import { makeSimVault } from './test-support/sim-vault.ts';

const ROOT = join(import.meta.dir, '..', '..', '..');
const DOCS = ['README.md', 'docs/features/settings-ui.md'];

let built: BuiltPlugin;
beforeAll(async () => {
  built = await buildMainJs();
});
afterAll(() => built.remove());

/** The commands' names as the palette shows them after the plugin's name. */
async function paletteNames(): Promise<string[]> {
  const vault = await makeSimVault({ 'Welcome.md': '# Welcome\n' });
  const loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs });
  try {
    return loaded.commands.map((command) => command.name.replace(/^[^:]+: /, ''));
  } finally {
    await loaded.unload();
    await vault.remove();
  }
}

test('the docs count the palette commands the plugin registers, and README names each', async () => {
  const names = await paletteNames();
  expect(names.length).toBeGreaterThan(0);
  for (const file of DOCS) {
    const text = await readFile(join(ROOT, file), 'utf8');
    for (const count of statedCounts(text, 'palette commands'))
      expect({ file, count }).toEqual({ file, count: names.length });
  }
  const readme = (await readFile(join(ROOT, 'README.md'), 'utf8')).replace(/\s+/g, ' ');
  for (const name of names)
    expect({ name, inReadme: readme.includes(`"${name}"`) }).toEqual({ name, inReadme: true });
}, 60_000);
