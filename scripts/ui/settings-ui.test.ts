/**
 * The settings tab in real Chromium, clicked through as a user would, against the real settings
 * services and a real server over a temp copy of the demo vault; what the server does after each
 * change is checked through the official MCP client (or raw HTTP for a 401).
 */
import { expect, test } from 'bun:test';
import { withDeviceSecret } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { heldHere, secretMatches, type TokenRecord } from '../../packages/shared/src/index.ts';
import { callFail, callOk } from '../../packages/headless/src/test-support/index.ts';
import {
  buildMcpb,
  clientSnippets,
  cursorInstallLink,
  lmStudioInstallLink,
  vscodeInstallLink,
} from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import manifest from '../../manifest.json' with { type: 'json' };
import { waitFor } from '../../packages/shared/src/test-support/index.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { decisionsToCsv } from '../../packages/obsidian-plugin/src/features/command-permissions/index.ts';
import {
  allTools,
  metaTools,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';
import { countingProvider } from '../../packages/obsidian-plugin/src/features/semantic-search/test-support/semantic-fixtures.ts';
import type { HarnessOptions, SettingsHarness } from './settings-harness.ts';
import { chromiumSuite, harnessPerTest, section, showing, tokenRow } from './ui-test-support.ts';
import { refusal } from '../../packages/obsidian-plugin/src/features/settings-ui/test-support/refusal.ts';

const TIMEOUT_MS = 60_000;
/** What profile all lists: every tool and the meta-tools. */
const ALL_LISTED = allTools.length + metaTools.length;
const suite = chromiumSuite("the settings tab's Chromium tests");

const harnesses = harnessPerTest();
let harness: SettingsHarness;
async function start(options?: HarnessOptions): Promise<SettingsHarness> {
  harness = await harnesses.start(options);
  return harness;
}

const defaultToken = () =>
  heldHere(withDeviceSecret(harness.settings, harness.settings.current.tokens[0] as TokenRecord));

/** A raw JSON-RPC ping with this bearer token, for the HTTP status. */
const ping = (secret: string) =>
  fetch(harness.endpoint(), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secret}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

suite('the settings tab in Chromium', () => {
  test(
    'adding a token shows its secret once, prominently; the row masks it until asked; it works at once',
    async () => {
      const { page } = await start();
      const access = section(page, 'access');
      await access.getByLabel('New token label').fill('Cursor');
      await access.getByLabel('New token profile').selectOption('core');
      await access.getByRole('button', { name: 'Add token' }).click();

      const dialog = page.getByRole('dialog', { name: 'Token "Cursor" added' });
      const shown = (await dialog.getByTestId('new-secret').textContent())?.trim();
      const saved = JSON.parse(await readFile(harness.settings.path, 'utf8')) as {
        tokens: { id: string; label: string; hash: string; secret?: string }[];
      };
      const cursor = saved.tokens.find((token) => token.label === 'Cursor');
      expect(cursor).toBeDefined();
      // data.json keeps the hash only; the secret shown is the one it hashes (ADR-0033).
      expect(cursor?.secret).toBeUndefined();
      const secret = shown ?? '';
      expect(cursor !== undefined && secretMatches(cursor, secret)).toBe(true);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      expect(await page.content()).not.toContain(secret);
      const row = tokenRow(page, cursor?.id ?? '');
      await showing(row, 'Core');
      await row.getByRole('button', { name: 'Show secret' }).click();
      await showing(row.getByTestId('token-secret'), secret);

      const client = await harness.connect(secret);
      expect((await client.listTools()).tools).toHaveLength(16);
    },
    TIMEOUT_MS,
  );

  test(
    'copy endpoint puts the live endpoint on the clipboard; copy config the Claude Code command, with the chosen server name',
    async () => {
      const { page } = await start();
      await section(page, 'server').getByRole('button', { name: 'Copy endpoint' }).click();
      await waitFor(
        async () => (await harness.notices()).includes('Copied the endpoint.'),
        'copied',
      );
      expect(await clipboard(page)).toBe(harness.endpoint().href);

      const name = section(page, 'server').getByLabel('Server name');
      await name.fill('work-notes');
      await name.press('Tab');
      await waitFor(() => harness.settings.current.transport.serverName === 'work-notes', 'saved');
      const row = tokenRow(page, defaultToken().id);
      await row.getByRole('button', { name: 'Copy config' }).click();
      // Obsidian's Menu, drawn over the page (not inside the row).
      await page.locator('.menu .menu-item', { hasText: 'Claude Code: Command' }).click();
      await waitFor(
        async () => (await harness.notices()).includes('Copied Claude Code: Command.'),
        'copied the command',
      );
      const [command] = clientSnippets('claude-code', {
        url: harness.endpoint().href,
        serverName: 'work-notes',
        secret: defaultToken().secret,
      });
      expect(await clipboard(page)).toBe(command?.text ?? '');
      expect(await clipboard(page)).toContain(' work-notes ');
    },
    TIMEOUT_MS,
  );

  test(
    "a token's Add to Cursor, VS Code and LM Studio open the install links for its entry",
    async () => {
      const { page } = await start();
      const token = defaultToken();
      // What the tab hands to the system, kept instead of leaving the page.
      await page.evaluate(() => {
        const opened: string[] = [];
        Object.assign(window, { opened });
        window.open = (url?: string | URL) => (opened.push(String(url)), null);
      });
      const row = tokenRow(page, token.id);
      await row.getByRole('button', { name: 'Add to Cursor' }).click();
      await row.getByRole('button', { name: 'Add to VS Code' }).click();
      await row.getByRole('button', { name: 'Add to LM Studio' }).click();
      const context = {
        url: harness.endpoint().href,
        secret: token.secret,
        serverName: 'obsidian-demo-vault',
      };
      expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual(
        [cursorInstallLink(context), vscodeInstallLink(context), lmStudioInstallLink(context)],
      );
    },
    TIMEOUT_MS,
  );

  test(
    "a token's .mcpb downloads as the bundle client-config builds for it",
    async () => {
      const { page } = await start();
      const token = defaultToken();
      const row = tokenRow(page, token.id);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Export .mcpb' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('obsidian-demo-vault-default.mcpb');
      const saved = await readFile(await download.path());
      const expected = await buildMcpb({
        vaultPath: harness.vault.root,
        vaultName: 'Demo Vault',
        configDir: '.obsidian',
        pluginId: manifest.id,
        tokenId: token.id,
        tokenLabel: token.label,
        version: manifest.version,
      });
      expect(Buffer.compare(saved, Buffer.from(expected))).toBe(0);
    },
    TIMEOUT_MS,
  );

  test(
    'switching a token to core changes the count on its row and what its client lists next',
    async () => {
      const { page } = await start();
      const row = tokenRow(page, defaultToken().id);
      const client = await harness.connect(defaultToken().secret);
      await showing(row.getByTestId('token-tools'), `${ALL_LISTED} tools listed`);
      expect((await client.listTools()).tools).toHaveLength(ALL_LISTED);

      await section(page, 'tool-loading')
        .getByLabel('Profile', { exact: true })
        .selectOption('core');
      await showing(
        row.getByTestId('token-tools'),
        `16 tools listed, ${ALL_LISTED - 16} more on request`,
      );
      expect((await client.listTools()).tools).toHaveLength(16);
    },
    TIMEOUT_MS,
  );

  test(
    'the Claude Desktop part says whether node and npx are on the PATH Obsidian inherited',
    async () => {
      const { page } = await start();
      const item = page.locator('.mcp-connector-node-runtime');
      await showing(item.getByTestId('node-runtime'), /node (v\S+|not on the PATH)/);
      await showing(item, 'Only the mcp-remote configs need Node.js');
      if (process.env.MCP_CONNECTOR_UI_NODE_SHOT !== undefined)
        await section(page, 'access').screenshot({ path: process.env.MCP_CONNECTOR_UI_NODE_SHOT });
    },
    TIMEOUT_MS,
  );

  test(
    'the promote picker offers only what the profile does not list; a picked tool is listed next',
    async () => {
      const { page } = await start();
      const client = await harness.connect(defaultToken().secret);
      const loading = section(page, 'tool-loading');
      await loading.getByLabel('Profile', { exact: true }).selectOption('core');
      const picker = loading.getByRole('textbox', { name: 'Tool to promote' });
      await picker.fill('search');
      const offered = loading.locator('.suggestion-item');
      await offered.first().waitFor();
      const names = await offered.allTextContents();
      expect(names.some((name) => name.includes('search_vault_simple'))).toBe(false);
      await picker.fill('backl');
      await showing(offered, 'get_backlinks');
      if (process.env.MCP_CONNECTOR_UI_SHOTS !== undefined)
        await loading.screenshot({ path: process.env.MCP_CONNECTOR_UI_SHOTS });
      await offered.filter({ hasText: 'get_backlinks' }).first().click();
      await showing(loading, 'Pinned for this token.');
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      expect(listed).toContain('get_backlinks');
      expect(listed).toHaveLength(17);
    },
    TIMEOUT_MS,
  );

  test(
    'a folder hidden with the folder picker vanishes from list_vault_files',
    async () => {
      const { page } = await start();
      const client = await harness.connect(defaultToken().secret);
      const listing = async () =>
        ((await callOk(client, 'list_vault_files')).entries as string[]) ?? [];
      expect(await listing()).toContain('Projects/');

      const hidden = section(page, 'hidden-folders');
      await hidden.getByLabel('Folder to hide').fill('proj');
      await hidden.getByRole('option', { name: 'Projects', exact: true }).click();
      await showing(hidden.locator('.mcp-connector-list-row'), 'Projects');
      expect(harness.settings.current.hiddenFolders).toEqual(['Projects']);
      const after = await listing();
      expect(after).not.toContain('Projects/');
      expect(after).toContain('People/');
    },
    TIMEOUT_MS,
  );

  test(
    'revoking a token, after a confirmation that says what breaks, gets that token 401',
    async () => {
      const { page } = await start();
      const laptop = await harness.service.addToken({
        label: 'Laptop',
        profile: 'all',
        readOnly: false,
      });
      const row = tokenRow(page, laptop.tokenId);
      await row.waitFor();
      const client = await harness.connect(laptop.secret);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);

      await row.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke "Laptop"?' });
      expect(await dialog.textContent()).toContain('401 Unauthorized');
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await row.waitFor({ state: 'detached' });

      expect((await ping(laptop.secret)).status).toBe(401);
      expect(await refusal(client.listTools())).not.toBe('');
      expect((await ping(defaultToken().secret)).status).toBe(200);
    },
    TIMEOUT_MS,
  );

  test(
    'enabling commands lets the gate decide; the decisions export as the RFC 4180 CSV',
    async () => {
      const { page } = await start();
      const client = await harness.connect(defaultToken().secret);
      const off = await callFail(client, 'execute_obsidian_command', { commandId: 'app:go-back' });
      expect(off.message).toContain('turn it on');

      const commands = section(page, 'commands');
      await commands.getByRole('switch', { name: 'Allow AI clients to run commands' }).click();
      await waitFor(() => harness.settings.current.commands.enabled, 'commands are on');
      await commands.getByLabel('Command to allow').fill('bold');
      await commands.getByRole('option', { name: /Toggle bold/ }).click();
      await showing(commands.locator('.mcp-connector-list-row'), 'editor:toggle-bold');

      await callOk(client, 'execute_obsidian_command', { commandId: 'editor:toggle-bold' });
      expect(harness.executed).toEqual(['editor:toggle-bold']);
      await callFail(client, 'execute_obsidian_command', { commandId: 'app:go-back' });
      await showing(commands.getByTestId('decisions'), 'no one to ask here');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        commands.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^mcp-command-decisions-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toBe(decisionsToCsv(harness.settings.current.commands.decisions));
      expect(
        csv
          .split('\r\n')
          .slice(1, 4)
          .map((line) => line.split(',')[1]),
      ).toEqual(['app:go-back', 'editor:toggle-bold', 'app:go-back']);
    },
    TIMEOUT_MS,
  );

  test(
    'saving a fixed port restarts the server on it and says so; a taken port is put back',
    async () => {
      const { page } = await start();
      const port = await freePort();
      const server = section(page, 'server');
      await server.getByLabel('Fixed port').fill(String(port));
      await server.getByRole('button', { name: 'Save and restart' }).click();
      await showing(server.getByTestId('endpoint'), `:${port}/mcp`);
      expect(await harness.notices()).toContain(`Saved. The MCP server restarted on port ${port}.`);
      const client = await harness.connect(defaultToken().secret);
      expect((await client.listTools()).tools.length).toBe(ALL_LISTED);

      const taken = await holdPort();
      try {
        await server.getByLabel('Fixed port').fill(String(taken.port));
        await server.getByRole('button', { name: 'Save and restart' }).click();
        await waitFor(
          async () => (await harness.notices()).some((notice) => notice.includes('put back')),
          'the port is put back',
        );
        expect(harness.settings.current.transport.port).toBe(port);
        await showing(server.getByTestId('endpoint'), `:${port}/mcp`);
      } finally {
        await taken.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'the semantic index shows its progress while it builds, and a rebuild goes through it again',
    async () => {
      const provider = countingProvider();
      const { page } = await start({ provider: () => provider });
      const semantic = section(page, 'semantic');
      await showing(semantic.getByTestId('index-status'), /^Semantic index ready: \d+ notes/);
      const embedded = provider.embedded.length;

      provider.hold();
      await semantic.getByRole('button', { name: 'Rebuild' }).click();
      await page
        .getByRole('dialog', { name: 'Rebuild the semantic index?' })
        .getByRole('button', { name: 'Rebuild' })
        .click();
      await showing(semantic.getByTestId('index-status'), /^Semantic index: 0 of \d+ notes \(0%/);
      provider.release();
      await showing(semantic.getByTestId('index-status'), /^Semantic index ready: \d+ notes/);
      expect(provider.embedded.length).toBe(2 * embedded);
    },
    TIMEOUT_MS,
  );

  test(
    'a data.json that turns unreadable shows at the top of the tab, and the server refuses until it is fixed',
    async () => {
      const { page } = await start();
      const secret = defaultToken().secret;
      const text = await readFile(harness.settings.path, 'utf8');
      await writeFile(harness.settings.path, '{ "tokens": [');
      const alert = page.getByRole('alert');
      await showing(alert, 'Every request is refused until data.json is fixed');
      const refused = await ping(secret);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'settings_invalid' });

      await writeFile(harness.settings.path, text);
      await alert.waitFor({ state: 'detached' });
      expect((await ping(secret)).status).toBe(200);
    },
    TIMEOUT_MS,
  );

  test(
    'a tool switched off in tools available is gone from every client',
    async () => {
      const { page } = await start();
      const client = await harness.connect(defaultToken().secret);
      const web = section(page, 'tools').locator('details[data-family="Web"]');
      await web.locator('summary').click();
      await web.getByRole('switch', { name: 'fetch' }).click();
      await showing(web.locator('summary'), '0 of 1 on');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('fetch');
      expect(names).toHaveLength(ALL_LISTED - 1);
    },
    TIMEOUT_MS,
  );

  test(
    'the change journal section saves its bounds, refuses one out of range, and opens Recent AI changes',
    async () => {
      const { page, settings } = await start();
      const journal = section(page, 'change-journal');
      const size = journal.getByLabel('Journal size, MB');
      await size.fill('50');
      await size.press('Enter');
      await waitFor(() => settings.current.changeJournal.maxSizeMb === 50, 'the size is saved');
      const age = journal.getByLabel('Keep changes for, days');
      await age.fill('0');
      await age.press('Enter');
      await waitFor(
        async () => (await harness.notices()).some((notice) => notice.includes('1 to 3650 days')),
        'the refusal is shown',
      );
      expect(settings.current.changeJournal.maxAgeDays).toBe(30);
      expect(await age.inputValue()).toBe('30');
      await journal.getByRole('button', { name: 'Open' }).click();
      await waitFor(() => harness.recentChangesOpened() === 1, 'the view is asked for');
    },
    TIMEOUT_MS,
  );
});

/** A port nothing listens on right now (the system picks it). */
function freePort(): Promise<number> {
  return holdPort().then(async (held) => {
    await held.close();
    return held.port;
  });
}

function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
