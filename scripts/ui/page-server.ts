/**
 * A harness page on a loopback HTTP server the test starts (port 0): a stand-in of the Obsidian
 * UI around the component (for the settings tab, the settings modal with its sidebar), our
 * approximation of Obsidian's theme, the plugin's styles.css, and the page's script bundled by
 * esbuild with the plugin build's Svelte plugins (once per page and process). Another UI (a
 * view, a modal) gets its own HarnessPage: a browser entry in its feature's test-support/ and
 * the markup it mounts into.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { svelteEsbuildPlugins } from '../build-plugin.ts';

const PLUGIN = join(import.meta.dir, '..', '..', 'packages', 'obsidian-plugin');
const TEST_SUPPORT = join(PLUGIN, 'src', 'features', 'settings-ui', 'test-support');
/** What `obsidian` is in a harness page: the simulation's Setting, Menu and setIcon on the page's DOM. */
const OBSIDIAN_IN_BROWSER = join(
  import.meta.dir,
  '..',
  '..',
  'packages',
  'obsidian-sim',
  'src',
  'browser.ts',
);

interface Asset {
  type: string;
  body: string;
}

export interface HarnessPage {
  /** The page's script, a browser entry (in a feature's test-support/). */
  entry: string;
  title: string;
  /** The markup around the component: what Obsidian would show, and the element to mount in. */
  body: string;
}

const bundles = new Map<string, Promise<Map<string, Asset>>>();

async function buildAssets(page: HarnessPage): Promise<Map<string, Asset>> {
  const result = await build({
    entryPoints: { page: page.entry },
    outdir: '/harness',
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    plugins: svelteEsbuildPlugins(),
    alias: { obsidian: OBSIDIAN_IN_BROWSER },
    logLevel: 'warning',
  });
  const assets = new Map<string, Asset>();
  for (const file of result.outputFiles) {
    const name = file.path.replace('/harness', '');
    assets.set(name, {
      type: name.endsWith('.css') ? 'text/css' : 'text/javascript',
      body: file.text,
    });
  }
  const css = async (path: string) => ({ type: 'text/css', body: await readFile(path, 'utf8') });
  assets.set('/obsidian-theme.css', await css(join(TEST_SUPPORT, 'obsidian-theme.css')));
  assets.set('/styles.css', await css(join(PLUGIN, 'styles.css')));
  assets.set('/', { type: 'text/html', body: pageHtml(page, assets.has('/page.css')) });
  return assets;
}

function pageHtml(page: HarnessPage, componentCss: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${page.title}</title>
<link rel="stylesheet" href="/obsidian-theme.css">
<link rel="stylesheet" href="/styles.css">
${componentCss ? '<link rel="stylesheet" href="/page.css">' : ''}
<script>document.documentElement.dataset.theme = new URLSearchParams(location.search).get('theme') || 'dark';</script>
</head>
<body>
<script>document.body.className = 'theme-' + document.documentElement.dataset.theme;</script>
${page.body}
<script type="module" src="/page.js"></script>
</body>
</html>`;
}

const nav = (items: string[], active?: string) =>
  items
    .map(
      (item) =>
        `<div class="vertical-tab-nav-item${item === active ? ' is-active' : ''}">${item}</div>`,
    )
    .join('');

/** The settings tab inside a stand-in of Obsidian's settings modal. */
export const SETTINGS_PAGE: HarnessPage = {
  entry: join(TEST_SUPPORT, 'harness-page.ts'),
  title: 'Local MCP Server settings (Chromium harness)',
  body: `<div class="app-container">
  <div class="modal-container mod-dim">
    <div class="modal-bg"></div>
    <div class="modal mod-settings mod-sidebar-layout">
      <div class="modal-content vertical-tabs-container">
        <div class="vertical-tab-header">
          <div class="vertical-tab-header-group">
            <div class="vertical-tab-header-group-title">Options</div>
            <div class="vertical-tab-header-group-items">${nav(['General', 'Editor', 'Files and links', 'Appearance', 'Hotkeys', 'Core plugins', 'Community plugins'])}</div>
          </div>
          <div class="vertical-tab-header-group">
            <div class="vertical-tab-header-group-title">Community plugins</div>
            <div class="vertical-tab-header-group-items">${nav(['Local MCP Server'], 'Local MCP Server')}</div>
          </div>
        </div>
        <div class="vertical-tab-content-container">
          <div class="vertical-tab-content" id="mcp-settings"></div>
        </div>
      </div>
    </div>
  </div>
  <div class="notice-container"></div>
</div>`,
};

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

export async function startPageServer(page: HarnessPage = SETTINGS_PAGE): Promise<PageServer> {
  if (!bundles.has(page.entry)) bundles.set(page.entry, buildAssets(page));
  const assets = await (bundles.get(page.entry) as Promise<Map<string, Asset>>);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const asset = assets.get(path);
    if (asset === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': `${asset.type}; charset=utf-8` }).end(asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
