/**
 * "Keep Claude Desktop in sync" in Chromium, against the real services and server: the harness's
 * Claude Desktop config lives under a temp home it made (never this machine's). One chosen token
 * owns the vault's entry (other servers and settings kept, a .backup before each rewrite), the
 * entry runs the shim as Claude Desktop would and reaches the server as that token, choosing
 * another token moves it, revoking the owner removes it, and a config that is not valid JSON is
 * refused, left byte for byte, with the tab saying so.
 */
import { expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  callOk,
  connectStdio,
  nodeExecutable,
} from '../../packages/headless/src/test-support/index.ts';
import { DESKTOP_SHIM_FILE } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import { waitFor } from '../../packages/shared/src/test-support/index.ts';
import type { SettingsHarness } from './settings-harness.ts';
import * as ui from './ui-test-support.ts';

const TIMEOUT_MS = 60_000;
const ENTRY = 'obsidian-demo-vault';
const suite = ui.chromiumSuite('the Claude Desktop sync Chromium tests');
const harnesses = ui.harnessPerTest();

interface DesktopEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

async function seedConfig(harness: SettingsHarness, text: string): Promise<void> {
  await mkdir(dirname(harness.desktopConfig), { recursive: true });
  await writeFile(harness.desktopConfig, text);
}

const configOf = async (harness: SettingsHarness) =>
  JSON.parse(await readFile(harness.desktopConfig, 'utf8')) as {
    mcpServers: Record<string, Partial<DesktopEntry>>;
    [key: string]: unknown;
  };

const syncChoice = (page: Page) =>
  ui.section(page, 'access').getByLabel('Token Claude Desktop uses');

async function choose(harness: SettingsHarness, label: string): Promise<void> {
  await syncChoice(harness.page).selectOption({ label });
}

async function noticeShown(harness: SettingsHarness, text: string): Promise<void> {
  await waitFor(
    async () => (await harness.notices()).some((notice) => notice.includes(text)),
    `the notice "${text}"`,
  );
}

suite('Keep Claude Desktop in sync, in Chromium', () => {
  test(
    'one token owns the entry, which works; choosing another moves it; revoking the owner removes it',
    async () => {
      const harness = await harnesses.start();
      const original = `${JSON.stringify(
        { mcpServers: { other: { command: 'other-server' } }, globalShortcut: 'Ctrl+Space' },
        null,
        2,
      )}\n`;
      await seedConfig(harness, original);
      const laptop = await harness.service.addToken({
        label: 'Laptop',
        profile: 'all',
        readOnly: false,
      });
      const defaultToken = harness.settings.current.tokens[0];
      if (defaultToken === undefined) throw new Error('The harness has no Default token.');
      await ui.tokenRow(harness.page, laptop.tokenId).waitFor();

      await choose(harness, 'Default');
      await noticeShown(harness, `Claude Desktop starts "${ENTRY}" with the token "Default"`);
      const synced = await configOf(harness);
      expect(Object.keys(synced.mcpServers)).toEqual(['other', ENTRY]);
      expect(synced.mcpServers.other).toEqual({ command: 'other-server' });
      expect(synced.globalShortcut).toBe('Ctrl+Space');
      expect(await readFile(`${harness.desktopConfig}.backup`, 'utf8')).toBe(original);
      const entry = synced.mcpServers[ENTRY] as DesktopEntry;
      expect(entry.command).toBe('node');
      expect(Object.values(entry.env)).toContain(defaultToken.id);
      expect(JSON.stringify(entry)).not.toContain(defaultToken.hash);
      await ui.showing(ui.tokenRow(harness.page, defaultToken.id), 'Synced to Claude Desktop');

      // The entry, started as Claude Desktop starts it (its Node, args and env), reaches the server.
      const desktop = await connectStdio({
        command: nodeExecutable(),
        args: entry.args,
        env: { ...entry.env, PATH: '' },
      });
      try {
        const note = await callOk(desktop.client, 'get_vault_file', { path: 'Home.md' });
        expect(JSON.stringify(note)).toContain('# Home');
      } finally {
        await desktop.close();
      }

      await choose(harness, 'Laptop');
      await noticeShown(harness, `with the token "Laptop"`);
      const moved = await configOf(harness);
      expect(Object.keys(moved.mcpServers)).toEqual(['other', ENTRY]);
      const movedEnv = Object.values(moved.mcpServers[ENTRY]?.env ?? {});
      expect(movedEnv).toContain(laptop.tokenId);
      expect(movedEnv).not.toContain(defaultToken.id);
      expect(harness.settings.current.clientConfig.desktop?.tokenId).toBe(laptop.tokenId);

      const row = ui.tokenRow(harness.page, laptop.tokenId);
      await row.getByRole('button', { name: 'Revoke' }).click();
      await harness.page
        .getByRole('dialog', { name: 'Revoke "Laptop"?' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await row.waitFor({ state: 'detached' });
      await waitFor(async () => !(ENTRY in (await configOf(harness)).mcpServers), 'removed');
      const after = await configOf(harness);
      expect(after.mcpServers).toEqual({ other: { command: 'other-server' } });
      expect(after.globalShortcut).toBe('Ctrl+Space');
      expect(harness.settings.current.clientConfig.desktop).toBeNull();
      expect(await syncChoice(harness.page).inputValue()).toBe('');
    },
    TIMEOUT_MS,
  );

  test(
    'a Claude Desktop config that is not valid JSON is refused and left as it is; the tab says so',
    async () => {
      const harness = await harnesses.start();
      const broken = '{ "mcpServers": { "other": { "command": "x" }, }\n';
      await seedConfig(harness, broken);

      await choose(harness, 'Default');
      await noticeShown(harness, 'claude_desktop_config.json was left as it is');
      const notices = await harness.notices();
      expect(notices.at(-1)).toContain('not valid JSON');
      expect(notices.at(-1)).toContain('Settings, Developer, Edit Config');
      expect(await readFile(harness.desktopConfig, 'utf8')).toBe(broken);
      expect(existsSync(`${harness.desktopConfig}.backup`)).toBe(false);
      const pluginFolder = dirname(harness.settings.path);
      expect(existsSync(join(pluginFolder, DESKTOP_SHIM_FILE))).toBe(false);
      expect(harness.settings.current.clientConfig.desktop).toBeNull();
      expect(await syncChoice(harness.page).inputValue()).toBe('');
    },
    TIMEOUT_MS,
  );
});
