/**
 * `bun run screenshots`: writes docs/images/settings*.png, the settings tab in Chromium (our
 * approximation of Obsidian's default theme) over a demo vault brought into a lived-in state by
 * real requests: three more tokens (one kept in sync with Claude Desktop), MCP calls on both
 * protocol lines, a promotion, a hidden folder, command decisions, a built semantic index. One
 * PNG per section, the whole tab (the README's), the light theme, a new token's secret and a
 * revoke confirmation. Semantic search is a fresh install's: all-MiniLM-L6-v2 not downloaded
 * (nothing is fetched; the index ranks by keywords). settings-semantic-download.png catches a
 * download under way from a loopback hub serving the committed tiny test model (26.9 MB with the
 * runtime), held at 10 MB. Then recent-changes.png and recent-changes-notice.png: the Recent AI
 * changes view after changes by two clients, one undone, and the notice a multi-file change
 * brings.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { callFail, callOk } from '../../packages/headless/src/test-support/index.ts';
import { heldHere } from '../../packages/shared/src/index.ts';
import { withDeviceSecret } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import {
  NATIVE_MODELS,
  PUBLIC_SOURCES,
  WEB_RUNTIME,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import {
  refuseDownloads,
  startTinyHub,
  tinyModelSpec,
} from '../../packages/obsidian-plugin/src/features/semantic-search/test-support/index.ts';
import type { NodeRuntime } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import type { SectionId } from '../../packages/obsidian-plugin/src/features/settings-ui/index.ts';
import { chromiumStatus } from './chromium.ts';
import { startRecentChangesHarness } from './recent-changes-harness.ts';
import { startSettingsHarness, type SettingsHarness } from './settings-harness.ts';

const IMAGES = join(import.meta.dir, '..', '..', 'docs', 'images');
const SECTIONS: SectionId[] = [
  'server',
  'access',
  'tool-loading',
  'tools',
  'hidden-folders',
  'commands',
  'semantic',
  'change-journal',
];
const MARGIN = 12;
/** The Node the docs show as found: a typical install, not the path of the machine that drew them. */
const DOCS_NODE: NodeRuntime = {
  node: { path: '/usr/local/bin/node', version: 'v22.12.0' },
  npx: { path: '/usr/local/bin/npx', version: '10.9.0' },
  installCommand: null,
};

async function liveIn(harness: SettingsHarness): Promise<void> {
  const { service, settings } = harness;
  const first = settings.current.tokens[0];
  if (first === undefined) throw new Error('The harness has no Default token.');
  const defaultToken = heldHere(withDeviceSecret(settings, first));
  const desktop = await service.addToken({
    label: 'Claude Desktop',
    profile: 'core',
    readOnly: false,
  });
  await service.setDesktopSync(desktop.tokenId); // into the harness's temp home
  const cursor = await service.addToken({ label: 'Cursor', profile: 'adaptive', readOnly: false });
  await service.addToken({ label: 'Research agent', profile: 'all', readOnly: true });

  const main = await harness.connect(defaultToken.secret, 'modern');
  const legacy = await harness.connect(cursor.secret, 'legacy');
  for (const query of ['garden', 'reading', 'ada']) {
    await callOk(main, 'search_vault_simple', { query });
    await callOk(legacy, 'search_vault_simple', { query });
  }
  await callOk(legacy, 'activate_tool', { name: 'get_backlinks', persist: true });
  for (let call = 0; call < 3; call++)
    await callOk(main, 'get_outgoing_links', { path: 'Home.md' });

  await service.setCommandsEnabled(true);
  await service.addAllowedCommand('editor:toggle-bold');
  await callOk(main, 'execute_obsidian_command', { commandId: 'editor:toggle-bold' });
  await callFail(main, 'execute_obsidian_command', { commandId: 'app:go-back' });
  await callFail(main, 'execute_obsidian_command', { commandId: 'app:delete-file' });
  await service.addHiddenFolder('People');
  await harness.server.restart(); // closing the connector writes the usage counts it holds
}

async function capture(page: Page, target: Locator, file: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box === null) throw new Error(`Nothing to capture for ${file}`);
  await page.screenshot({
    path: join(IMAGES, file),
    clip: {
      x: Math.max(0, box.x - MARGIN),
      y: Math.max(0, box.y - MARGIN),
      width: box.width + 2 * MARGIN,
      height: box.height + 2 * MARGIN,
    },
  });
  console.log(`Wrote docs/images/${file}`);
}

async function main(): Promise<void> {
  const chromium = chromiumStatus();
  if (!chromium.available) throw new Error(chromium.message);
  await mkdir(IMAGES, { recursive: true });
  const harness = await startSettingsHarness({
    viewport: { width: 1280, height: 860 },
    nodeRuntime: DOCS_NODE,
    nativeModel: {
      spec: NATIVE_MODELS['all-MiniLM-L6-v2'],
      sources: PUBLIC_SOURCES,
      fetch: refuseDownloads,
    },
  });
  try {
    const { page } = harness;
    await liveIn(harness);
    await page
      .locator('[data-section="semantic"]')
      .getByText(/^(Semantic|Keyword) index ready:/)
      .waitFor();
    await page
      .locator('.notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);

    await page.screenshot({ path: join(IMAGES, 'settings.png') });
    console.log('Wrote docs/images/settings.png');
    await page.evaluate(() => (document.body.className = 'theme-light'));
    await page.screenshot({ path: join(IMAGES, 'settings-light.png') });
    console.log('Wrote docs/images/settings-light.png');
    await page.evaluate(() => (document.body.className = 'theme-dark'));

    await page.setViewportSize({ width: 1280, height: 5000 });
    const toolLoading = page.locator('[data-section="tool-loading"]');
    await toolLoading.getByLabel('Token for tool loading').selectOption({ label: 'Cursor' });
    await page.locator('details[data-family="Files"] > summary').click();
    for (const section of SECTIONS)
      await capture(page, page.locator(`[data-section="${section}"]`), `settings-${section}.png`);

    await page.setViewportSize({ width: 1280, height: 860 });
    const access = page.locator('[data-section="access"]');
    await access.getByLabel('New token label').fill('Windsurf');
    await access.getByRole('button', { name: 'Add token' }).click();
    await capture(page, page.locator('.mcp-connector-modal .modal'), 'settings-new-secret.png');
    await page.getByRole('button', { name: 'Done' }).click();
    const cursorRow = page
      .locator('.mcp-connector-token')
      .filter({ has: page.getByText('Adaptive') });
    await cursorRow.getByRole('button', { name: 'Revoke' }).click();
    await capture(page, page.locator('.mcp-connector-modal .modal'), 'settings-revoke.png');
    await page.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await harness.stop();
  }
  await captureDownload();
}

/** The semantic section while its model downloads (the tiny model, held at 10 MB). */
async function captureDownload(): Promise<void> {
  const tiny = await tinyModelSpec();
  const hub = await startTinyHub(tiny);
  const held = hub.holdAfter(WEB_RUNTIME.file.path, 10_000_000);
  const harness = await startSettingsHarness({
    viewport: { width: 1280, height: 2000 },
    nodeRuntime: DOCS_NODE,
    nativeModel: { spec: tiny, sources: { hub: hub.url, cdn: hub.url } },
  });
  try {
    const semantic = harness.page.locator('[data-section="semantic"]');
    await semantic.getByRole('button', { name: 'Download model' }).click();
    await semantic.getByText(/^Downloading the semantic search model: 10\.0 MB/).waitFor();
    await capture(harness.page, semantic, 'settings-semantic-download.png');
    await semantic.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    held.release();
    await harness.stop();
    await hub.close();
  }
}

async function recentChanges(): Promise<void> {
  const harness = await startRecentChangesHarness({ viewport: { width: 1100, height: 720 } });
  try {
    const { page, agent, cursor } = harness;
    await callOk(agent, 'rename_vault_file', {
      from: 'Garden/Watering schedule.md',
      to: 'Garden/Watering rota.md',
    });
    await callOk(cursor, 'set_note_property', {
      path: 'Projects/Rainwater harvesting.md',
      key: 'status',
      value: 'done',
    });
    await callOk(cursor, 'append_to_vault_file', {
      path: 'Journal/Daily/2026-05-30.md',
      content: '- Planted garlic',
    });
    const rows = page.locator('.mcp-connector-change');
    await rows.nth(2).waitFor();
    await rows.nth(0).getByRole('button', { name: 'Undo' }).click();
    await rows.nth(3).waitFor();
    await page
      .locator('.notice')
      .filter({ hasText: 'Undone' })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await callOk(agent, 'edit_vault_files', {
      operations: [
        { op: 'create', path: 'Projects/Orchard.md', content: '# Orchard\n' },
        { op: 'append', path: 'Home.md', content: 'See [[Orchard]].' },
      ],
    });
    const notice = page.locator('.notice').filter({ hasText: 'changed 2 files' });
    await notice.waitFor();
    await capture(page, notice, 'recent-changes-notice.png');
    // The view as it stands once the notice has gone (it covers the newest row while it shows).
    await notice.evaluate((element) => element.remove());
    await page.screenshot({ path: join(IMAGES, 'recent-changes.png') });
    console.log('Wrote docs/images/recent-changes.png');
  } finally {
    await harness.stop();
  }
}

await main();
await recentChanges();
