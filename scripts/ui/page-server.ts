/**
 * The harness page on a loopback HTTP server the test starts (port 0): a stand-in of Obsidian's
 * settings modal (the sidebar and the tab's content element), our approximation of Obsidian's
 * theme, the plugin's styles.css, and the settings tab's page script bundled by esbuild with the
 * plugin build's Svelte plugins. The bundle is built once per process.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { svelteEsbuildPlugins } from '../build-plugin.ts';

const PLUGIN = join(import.meta.dir, '..', '..', 'packages', 'obsidian-plugin');
const TEST_SUPPORT = join(PLUGIN, 'src', 'features', 'settings-ui', 'test-support');

interface Asset {
  type: string;
  body: string;
}

let bundled: Promise<Map<string, Asset>> | null = null;

async function buildAssets(): Promise<Map<string, Asset>> {
  const result = await build({
    entryPoints: { page: join(TEST_SUPPORT, 'harness-page.ts') },
    outdir: '/harness',
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    plugins: svelteEsbuildPlugins(),
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
  assets.set('/', { type: 'text/html', body: pageHtml(assets.has('/page.css')) });
  return assets;
}

function pageHtml(componentCss: boolean): string {
  const nav = (items: string[], active?: string) =>
    items
      .map(
        (item) =>
          `<div class="vertical-tab-nav-item${item === active ? ' is-active' : ''}">${item}</div>`,
      )
      .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>MCP Connector settings (Chromium harness)</title>
<link rel="stylesheet" href="/obsidian-theme.css">
<link rel="stylesheet" href="/styles.css">
${componentCss ? '<link rel="stylesheet" href="/page.css">' : ''}
<script>document.documentElement.dataset.theme = new URLSearchParams(location.search).get('theme') || 'dark';</script>
</head>
<body>
<script>document.body.className = 'theme-' + document.documentElement.dataset.theme;</script>
<div class="app-container">
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
            <div class="vertical-tab-header-group-items">${nav(['MCP Connector'], 'MCP Connector')}</div>
          </div>
        </div>
        <div class="vertical-tab-content-container">
          <div class="vertical-tab-content" id="mcp-settings"></div>
        </div>
      </div>
    </div>
  </div>
  <div class="notice-container"></div>
</div>
<script type="module" src="/page.js"></script>
</body>
</html>`;
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  bundled ??= buildAssets();
  const assets = await bundled;
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
