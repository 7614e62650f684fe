/** The built plugin served in a test file (see `servingBuiltPlugin`). */
import { afterAll, afterEach, beforeAll } from 'bun:test';
import { loadPlugin, type LoadPluginOptions, type LoadedPlugin } from '../load-plugin.ts';
import { buildMainJs, type BuiltPlugin } from './built-plugin.ts';
import { makeSimVault, type SimVault } from './sim-vault.ts';

export interface ServingPlugins {
  /** Loads the built main.js over a fresh vault with one note, once it says it serves. */
  serve(options?: Omit<LoadPluginOptions, 'vault' | 'mainJs'>): Promise<LoadedPlugin>;
}

/**
 * For a test file that loads the built plugin: main.js is built once before its tests, and each
 * test's plugin is unloaded and its vault removed after it.
 */
export function servingBuiltPlugin(): ServingPlugins {
  let built: BuiltPlugin | null = null;
  let vault: SimVault | null = null;
  let loaded: LoadedPlugin | null = null;
  // The build takes seconds on a loaded machine.
  beforeAll(async () => {
    built = await buildMainJs();
  }, 120_000);
  afterAll(() => built?.remove());
  afterEach(async () => {
    await loaded?.unload();
    loaded = null;
    await vault?.remove();
    vault = null;
  });
  return {
    async serve(options = {}) {
      if (built === null) throw new Error('main.js is built before the tests run.');
      vault = await makeSimVault({ 'Note.md': '# Note\n' });
      loaded = await loadPlugin({ ...options, vault: vault.root, mainJs: built.mainJs });
      await loaded.waitForNotice(/serving at/);
      return loaded;
    },
  };
}
