/**
 * The committed view, as a host runs it: the inline script of the generated HTML is evaluated in
 * a fresh VM context whose window and document are small fakes (no DOM library here), playing
 * the host's side of the MCP Apps protocol over postMessage. It proves the bundled ext-apps
 * `App` performs the `ui/initialize` handshake, that a real search_vault_simple result fed as
 * `ui/notifications/tool-result` renders exactly what render.ts describes, and that a click on a
 * path asks the host to open the note (`ui/open-link`).
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { waitFor as waitUntil } from '@mcp-connector/shared/test-support';
import { runInNewContext } from 'node:vm';
import { registeredTool, runTool } from '../../mcp-tools/test-support/run-tool.ts';
import { SEARCH_RESULTS_HTML } from '../generated/search-results-html.ts';
import { obsidianUrl, renderView, stateFromToolResult, toHtml } from './render.ts';

class FakeText {
  parent: FakeElement | null = null;
  constructor(readonly text: string) {}
}

class FakeElement {
  parent: FakeElement | null = null;
  children: (FakeElement | FakeText)[] = [];
  className = '';
  attributes = new Map<string, string>();
  listeners = new Map<string, ((event: unknown) => void)[]>();
  style = { height: '', colorScheme: '', setProperty: () => undefined };
  constructor(
    readonly tag: string,
    readonly ownerDocument: FakeDocument | null = null,
  ) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes: (FakeElement | FakeText)[]) {
    for (const node of nodes) node.parent = this;
    this.children.push(...nodes);
  }
  appendChild(node: FakeElement) {
    this.append(node);
  }
  replaceChildren(...nodes: (FakeElement | FakeText)[]) {
    this.children = [];
    this.append(...nodes);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  closest(selector: string): FakeElement | null {
    if (selector !== 'a[href]') throw new Error(`unexpected selector ${selector}`);
    if (this.tag === 'a' && this.attributes.has('href')) return this;
    return this.parent?.closest(selector) ?? null;
  }
  getBoundingClientRect() {
    return { height: 120, width: 400 };
  }
  find(tag: string): FakeElement[] {
    const own = this.tag === tag ? [this] : [];
    const inner = this.children.flatMap((child) =>
      child instanceof FakeElement ? child.find(tag) : [],
    );
    return [...own, ...inner];
  }
  /** The same HTML render.ts's `toHtml` writes for the tree this element holds. */
  html(): string {
    return this.children.map(nodeHtml).join('');
  }
}

class FakeDocument {
  root = new FakeElement('main', this);
  documentElement = new FakeElement('html', this);
  body = new FakeElement('body', this);
  head = new FakeElement('head', this);
  getElementById(id: string) {
    return id === 'results' ? this.root : null;
  }
  createElementNS(_namespace: string, tag: string) {
    return new FakeElement(tag, this);
  }
  createElement(tag: string) {
    return new FakeElement(tag, this);
  }
  createTextNode(text: string) {
    return new FakeText(text);
  }
}

function nodeHtml(node: FakeElement | FakeText): string {
  if (node instanceof FakeText) return toHtml([node.text]);
  const href = node.getAttribute('href');
  const open = toHtml([{ tag: node.tag, className: node.className, children: [] }]).replace(
    /><\/\w+>$/,
    href === null ? '>' : ` href="${toHtml([href])}">`,
  );
  return `${open}${node.html()}</${node.tag}>`;
}

interface Message {
  jsonrpc: '2.0';
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
}

/** The host's side: what the view posted, and a way to post to the view. */
function startView() {
  const document = new FakeDocument();
  const posted: Message[] = [];
  const parent = { postMessage: (message: Message) => posted.push(message) };
  const messageListeners: ((event: unknown) => void)[] = [];
  const window = {
    parent,
    innerWidth: 400,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'message') messageListeners.push(listener);
    },
    removeEventListener: () => undefined,
  };
  const quiet = { ...console, debug: () => undefined, log: () => undefined };
  runInNewContext(inlineScript(SEARCH_RESULTS_HTML), {
    window,
    document,
    console: quiet,
    Element: FakeElement,
    ResizeObserver: class {
      observe() {}
      disconnect() {}
    },
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 0),
    setTimeout,
    clearTimeout,
    queueMicrotask,
    AbortController,
    URL,
    TextEncoder,
    TextDecoder,
  });
  const send = (data: Message) => {
    for (const listener of messageListeners) listener({ source: parent, data });
  };
  const waitFor = async (method: string): Promise<Message> => {
    const sent = () => posted.find((message) => message.method === method);
    await waitUntil(() => sent() !== undefined, `the view to send ${method}`);
    return sent() as Message;
  };
  return { document, posted, send, waitFor };
}

function inlineScript(html: string): string {
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error('no inline script in the view');
  return script;
}

const searchVaultSimple = registeredTool('search_vault_simple');

let vault: TestHost | null = null;
afterEach(async () => {
  await vault?.close();
  vault = null;
});

describe('the bundled view', () => {
  test('is one page with its script and style inline, nothing fetched', () => {
    const script = inlineScript(SEARCH_RESULTS_HTML);
    const page = SEARCH_RESULTS_HTML.replace(script, '');
    const style = /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? '';
    expect(page).toStartWith('<!doctype html>');
    expect(page).toContain('<main id="results" aria-live="polite"></main>');
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(/ src=| href=|<link|<iframe|<img/i.test(page)).toBe(false);
    expect(style.length).toBeGreaterThan(500);
    expect(/@import|url\(/i.test(style)).toBe(false);
    expect(/\bfetch\(|XMLHttpRequest|new WebSocket|import\(/.test(script)).toBe(false);
  });

  test('handshakes with the host, renders a real result from its _meta, opens a clicked note', async () => {
    vault = await openTestHost({
      'Projects/Alpha.md': '# Alpha\nShip the release on Friday.\n',
      'Notes/Beta.md': 'Nothing to ship <here>.\n',
    });
    const view = startView();
    expect(view.document.root.html()).toBe(toHtml(renderView({ kind: 'waiting' })));

    const initialize = await view.waitFor('ui/initialize');
    expect(initialize.params).toMatchObject({
      appInfo: { name: 'Local MCP Server search results' },
    });
    view.send({
      jsonrpc: '2.0',
      id: initialize.id,
      result: {
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'test-host', version: '1.0.0' },
        hostCapabilities: { openLinks: {} },
        hostContext: { theme: 'dark' },
      },
    });
    await view.waitFor('ui/notifications/initialized');
    const theme = () => view.document.documentElement.getAttribute('data-theme');
    await waitUntil(() => theme() !== null, 'the view to apply the theme');
    expect(theme()).toBe('dark');

    const result = await runTool(searchVaultSimple, vault.host, { query: 'ship' });
    view.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    view.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: result });
    const expected = toHtml(renderView(stateFromToolResult(result)));
    expect(expected).toContain('Notes/Beta.md');
    expect(expected).toContain('Nothing to ship &lt;here&gt;.');
    await waitUntil(() => view.document.root.html() === expected, 'the view to render the hits');

    const link = view.document.root.find('a')[1] as FakeElement;
    let prevented = false;
    for (const listener of view.document.root.listeners.get('click') ?? []) {
      listener({ target: link, preventDefault: () => (prevented = true) });
    }
    const open = await view.waitFor('ui/open-link');
    expect(prevented).toBe(true);
    expect(open.params).toEqual({ url: obsidianUrl(vault.host.vaultName, 'Projects/Alpha.md') });
  });

  test('shows a failed call as its message', async () => {
    vault = await openTestHost({ 'a.md': 'x' });
    const view = startView();
    const initialize = await view.waitFor('ui/initialize');
    view.send({
      jsonrpc: '2.0',
      id: initialize.id,
      result: {
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'test-host', version: '1.0.0' },
        hostCapabilities: {},
        hostContext: {},
      },
    });
    await view.waitFor('ui/notifications/initialized');
    const failure = await runTool(searchVaultSimple, vault.host, { query: '' });
    view.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: failure });
    const waiting = toHtml(renderView({ kind: 'waiting' }));
    await waitUntil(() => view.document.root.html() !== waiting, 'the view to render the result');
    expect(view.document.root.html()).toBe(
      '<p class="notice failed">The search failed: query is empty; pass the text to look for.</p>',
    );
  });
});
