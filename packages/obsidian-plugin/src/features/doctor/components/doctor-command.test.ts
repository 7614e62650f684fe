/**
 * The palette command in the simulated Obsidian, through the built main.js: "Local MCP Server: Check
 * the setup (doctor)" runs the doctor over the open vault while the plugin serves it and shows
 * the report in a modal: every check well, the plugin's own server found on its port on both
 * protocol lines, fixes worded for Obsidian. The client files are looked for in a temp home.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PRODUCT_NAMES } from '@mcp-connector/shared';
import { waitFor } from '@mcp-connector/shared/test-support';
import { loadPlugin, type LoadedPlugin } from '@mcp-connector/obsidian-sim';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildMainJs,
  type BuiltPlugin,
} from '../../../../../obsidian-sim/src/test-support/built-plugin.ts';
import {
  makeSimVault,
  type SimVault,
} from '../../../../../obsidian-sim/src/test-support/sim-vault.ts';

let built: BuiltPlugin;
let vault: SimVault;
let loaded: LoadedPlugin;
let home: string;
const realHome = process.env.HOME;

beforeAll(async () => {
  built = await buildMainJs();
  vault = await makeSimVault({ 'Note.md': '# Note\n' });
  home = await mkdtemp(join(tmpdir(), 'doctor-command-home-'));
  process.env.HOME = home;
  loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs });
  await loaded.waitForNotice(/serving at/);
}, 60_000);
afterAll(async () => {
  process.env.HOME = realHome;
  await loaded.unload();
  await vault.remove();
  await built.remove();
  await rm(home, { recursive: true, force: true });
});

test('the command is in the palette and shows the report of the served vault', async () => {
  expect(loaded.commands).toContainEqual({
    id: 'local-mcp-server:check-setup',
    name: 'Local MCP Server: Check the setup (doctor)',
  });
  expect(loaded.runCommand('check-setup')).toBe(true);
  await waitFor(() => loaded.app.openModals.size > 0, 'the report modal');
  const [modal] = [...loaded.app.openModals];
  expect(modal?.titleEl.textContent).toBe('Setup check (doctor)');
  const report = modal?.contentEl.textContent ?? '';
  expect(report).toContain('Local MCP Server doctor: vault "Sim Vault"');
  expect(report).toContain(
    `ok    Port: ${vault.port} (fixed): this vault's server (pid ${process.pid}, plugin)`,
  );
  expect(report).toContain(
    `ok    Server: answers at http://127.0.0.1:${vault.port}/mcp on 2026-07-28 and 2025-11-25 (legacy handshake); local-mcp-server`,
  );
  expect(report).toContain('in Obsidian, vault "Sim Vault"');
  expect(report).toContain('All is well.');
  // Its fixes name the settings tab, never a command of the CLI.
  expect(report).not.toMatch(
    new RegExp(`${PRODUCT_NAMES.cliBinary} (serve|tokens|connect|models)`),
  );
}, 30_000);
