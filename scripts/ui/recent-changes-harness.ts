/**
 * Recent AI changes in real Chromium against the real services: a temp copy of the test vault,
 * the connector started through settings-ui's ServerLifecycle as the plugin does, on a port the
 * system picks, and the RecentChangesService over it (as the user in Obsidian). The page mounts
 * the view's Svelte list in a stand-in of Obsidian's right sidebar and shows the Undo notice;
 * its bridge calls reach the service through a Playwright binding. An official MCP client makes
 * the changes an AI client would. `stop` closes the browser, the server and deletes the vault.
 */
import type { Client } from '@modelcontextprotocol/client';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import manifest from '../../manifest.json' with { type: 'json' };
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import {
  connectMcpClient,
  copyVault,
  settingsPathOf,
  type TempVault,
} from '../../packages/headless/src/test-support/index.ts';
import { startConnector } from '../../packages/obsidian-plugin/src/connector.ts';
import { RecentChangesService } from '../../packages/obsidian-plugin/src/features/change-journal/index.ts';
import {
  CHANGES_ACTIONS,
  CHANGES_BRIDGE,
} from '../../packages/obsidian-plugin/src/features/change-journal/test-support/changes-bridge.ts';
import { SettingsStore } from '../../packages/obsidian-plugin/src/features/settings/index.ts';
import { ServerLifecycle } from '../../packages/obsidian-plugin/src/features/settings-ui/index.ts';
import {
  addToken,
  withDeviceSecret,
} from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { heldHere } from '../../packages/shared/src/index.ts';
import { openBridgedPage } from './bridged-page.ts';
import { launchChromium } from './chromium.ts';
import { startPageServer, type HarnessPage } from './page-server.ts';

const CHANGE_JOURNAL = join(
  import.meta.dir,
  '..',
  '..',
  'packages',
  'obsidian-plugin',
  'src',
  'features',
  'change-journal',
);

/** The list in a stand-in of Obsidian's workspace: a note open, the view in the right sidebar. */
export const RECENT_CHANGES_PAGE: HarnessPage = {
  entry: join(CHANGE_JOURNAL, 'test-support', 'recent-changes-page.ts'),
  title: 'Recent AI changes (Chromium harness)',
  body: `<div class="app-container mcp-connector-harness-workspace">
  <div class="workspace">
    <div class="workspace-split mod-vertical mod-root">
      <div class="workspace-leaf"><div class="workspace-leaf-content"><div class="view-content markdown-reading-view"><h1>Home</h1><p>The note the user is reading.</p></div></div></div>
    </div>
    <div class="workspace-split mod-horizontal mod-right-split">
      <div class="workspace-leaf mod-active">
        <div class="workspace-leaf-content" data-type="mcp-connector-recent-changes">
          <div class="view-header"><div class="view-header-title">Recent AI changes</div></div>
          <div class="view-content" id="mcp-recent-changes"></div>
        </div>
      </div>
    </div>
  </div>
  <div class="notice-container"></div>
</div>`,
};

export interface RecentChangesHarness {
  page: Page;
  vault: TempVault;
  /** An MCP client with the Default token, as an AI client. */
  agent: Client;
  /** A second client, with a token labelled Cursor. */
  cursor: Client;
  notices(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startRecentChangesHarness(
  options: { theme?: 'dark' | 'light'; viewport?: { width: number; height: number } } = {},
): Promise<RecentChangesHarness> {
  const cleanups: (() => unknown)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const vault = await copyVault();
    cleanups.push(() => vault.remove());
    // What an undo removes goes to the vault's own .trash, never this machine's trash.
    const appJson = join(vault.root, '.obsidian', 'app.json');
    const app = JSON.parse(await readFile(appJson, 'utf8')) as Record<string, unknown>;
    await writeFile(appJson, JSON.stringify({ ...app, trashOption: 'local' }));
    const host = await NodeHost.open(vault.root);
    cleanups.push(() => host.close());
    const settings = await SettingsStore.open(settingsPathOf(vault.root));
    await settings.updateSlice('semantic', (semantic) => ({ ...semantic, enabled: false }));
    const server = new ServerLifecycle(settings, (store) =>
      startConnector({ host, settings: store, version: manifest.version, portRange: [0] }),
    );
    cleanups.push(() => server.stop());
    const started = await server.start();
    if (started.state !== 'serving' || started.url === null)
      throw new Error(`The server did not start: ${started.error}`);
    const service = new RecentChangesService(server);
    cleanups.push(() => service.close());
    const cursorToken = await addToken(settings, 'Cursor', {});
    const first = settings.current.tokens[0];
    if (first === undefined) throw new Error('The harness vault has no token.');
    const defaultToken = heldHere(withDeviceSecret(settings, first));
    const agent = await connectMcpClient(new URL(started.url), defaultToken.secret, 'modern');
    const cursor = await connectMcpClient(new URL(started.url), cursorToken.secret, 'legacy');
    cleanups.push(
      () => agent.close(),
      () => cursor.close(),
    );
    const pageServer = await startPageServer(RECENT_CHANGES_PAGE);
    cleanups.push(() => pageServer.close());
    const browser = await launchChromium(options.viewport ?? { width: 1100, height: 760 });
    cleanups.push(() => browser.close());
    const page = await openBridgedPage(
      browser.context,
      pageServer.url,
      { ...CHANGES_BRIDGE, actions: CHANGES_ACTIONS },
      service,
      options.theme ?? 'dark',
    );
    return {
      page,
      vault,
      agent,
      cursor,
      notices: () => page.evaluate(() => [...(Reflect.get(window, 'mcpNotices') as string[])]),
      stop: teardown,
    };
  } catch (error) {
    await teardown();
    throw error;
  }
}
