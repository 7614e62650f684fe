/**
 * The search-results view's script, run by the host in a sandboxed iframe (never by the plugin):
 * scripts/apps/build-view.ts bundles it with the ext-apps `App` class into the inline script of
 * the view's HTML. It connects to the host (`ui/initialize`), renders every tool result the host
 * forwards (`ui/notifications/tool-result`), follows the host's theme and style variables, and
 * opens a clicked note in Obsidian through the host (`ui/open-link`).
 */
import {
  App,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { renderView, stateFromToolResult, type ViewChild, type ViewState } from './render.ts';

const VIEW_INFO = { name: 'Local MCP Server search results', version: '1.0.0' };
const XHTML = 'http://www.w3.org/1999/xhtml';

function startSearchResultsView(root: HTMLElement): void {
  const app = new App(VIEW_INFO, {});
  const page = root.ownerDocument;
  const show = (state: ViewState): void =>
    root.replaceChildren(...renderView(state).map((child) => toDom(page, child)));
  app.addEventListener('toolresult', (result) => show(stateFromToolResult(result)));
  app.addEventListener('toolcancelled', () => show({ kind: 'cancelled' }));
  app.addEventListener('hostcontextchanged', applyHostContext);
  root.addEventListener('click', (event) => openClickedNote(app, event));
  show({ kind: 'waiting' });
  app
    .connect()
    .then(() => applyHostContext(app.getHostContext() ?? {}))
    .catch(() => show({ kind: 'disconnected' }));
}

/**
 * Elements and text nodes, built one by one: nothing from a result is parsed as markup.
 * createElementNS, because this runs in the host's iframe, where Obsidian's `createEl` (which
 * the plugin's lint rules ask for instead of createElement) does not exist.
 */
function toDom(page: Document, child: ViewChild): Node {
  if (typeof child === 'string') return page.createTextNode(child);
  const element = page.createElementNS(XHTML, child.tag);
  element.className = child.className;
  if (child.href !== undefined) element.setAttribute('href', child.href);
  element.append(...child.children.map((grandchild) => toDom(page, grandchild)));
  return element;
}

function applyHostContext(context: Partial<McpUiHostContext>): void {
  if (context.theme !== undefined) applyDocumentTheme(context.theme);
  if (context.styles?.variables !== undefined) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts !== undefined) applyHostFonts(context.styles.css.fonts);
}

function openClickedNote(app: App, event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const url = link?.getAttribute('href');
  if (url === null || url === undefined) return;
  event.preventDefault();
  app.openLink({ url }).catch(() => undefined); // the host may refuse; the path stays readable
}

const root = document.getElementById('results');
if (root !== null) startSearchResultsView(root);
