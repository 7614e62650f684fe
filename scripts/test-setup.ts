/**
 * Preloaded before every test file (bunfig.toml): nothing a test runs may touch the real user's
 * folders. HOME is a temp folder, and the variables that would point past it (XDG state and
 * cache, LOCALAPPDATA) are cleared, so every device home (packages/shared/src/device-home.ts:
 * token secrets, live-server.json, journals, caches, models) lands under it, for this process
 * and every child it starts. The desktop trash (XDG_DATA_HOME) and the default
 * claude_desktop_config.json on Linux (XDG_CONFIG_HOME) go to temp folders too. A test that
 * simulates a second device passes another HOME to what it starts.
 */
import { afterAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const home = mkdtempSync(join(tmpdir(), 'mcp-test-home-'));
process.env.HOME = home;
for (const name of ['XDG_STATE_HOME', 'XDG_CACHE_HOME', 'LOCALAPPDATA', 'USERPROFILE'])
  delete process.env[name];
const dataHome = mkdtempSync(join(tmpdir(), 'mcp-test-xdg-'));
process.env.XDG_DATA_HOME = dataHome;
const configHome = mkdtempSync(join(tmpdir(), 'mcp-test-xdg-config-'));
process.env.XDG_CONFIG_HOME = configHome;
// A preload's afterAll runs once, after every file; bun test never emitted 'exit' for them,
// and each run left the folders in the temp folder.
afterAll(() => {
  for (const folder of [home, dataHome, configHome])
    rmSync(folder, { recursive: true, force: true });
});
