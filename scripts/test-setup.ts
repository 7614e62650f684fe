/**
 * Preloaded before every test file (bunfig.toml): the desktop trash goes to a temp folder, so
 * tests that delete through the system trash never touch the real one of the machine; and so
 * does the default claude_desktop_config.json on Linux (XDG_CONFIG_HOME), for the same reason.
 */
import { afterAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataHome = mkdtempSync(join(tmpdir(), 'mcp-test-xdg-'));
process.env.XDG_DATA_HOME = dataHome;
const configHome = mkdtempSync(join(tmpdir(), 'mcp-test-xdg-config-'));
process.env.XDG_CONFIG_HOME = configHome;
// A preload's afterAll runs once, after every file; bun test never emitted 'exit' for them,
// and each run left both folders in the temp folder.
afterAll(() => {
  rmSync(dataHome, { recursive: true, force: true });
  rmSync(configHome, { recursive: true, force: true });
});
