/**
 * Test preload (bunfig.toml): `import ... from 'obsidian'` resolves to the simulated module, as
 * Obsidian's own loader supplies it to a plugin, so plugin code (ObsidianHost, modals) runs in
 * `bun test`. Loaded on first import only: tests that never touch Obsidian code pay nothing.
 */
import { plugin } from 'bun';

void plugin({
  name: 'obsidian-sim',
  setup(build) {
    build.module('obsidian', async () => ({
      exports: { ...(await import('./obsidian/index.ts')) },
      loader: 'object',
    }));
  },
});
