/**
 * Preloaded before every test file (bunfig.toml): the desktop trash goes to a temp folder, so
 * tests that delete through the system trash never touch the real one of the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataHome = mkdtempSync(join(tmpdir(), 'mcp-test-xdg-'));
process.env.XDG_DATA_HOME = dataHome;
process.on('exit', () => rmSync(dataHome, { recursive: true, force: true }));
