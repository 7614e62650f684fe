/**
 * The server's MCP resources: exactly one, the search-results view (an MCP Apps `ui://` page,
 * mime type `text/html;profile=mcp-app`). resources/list shows it, resources/read serves it, no
 * resource template exists, and any other URI is the SDK's "resource not found" error (-32602
 * with the URI in `data`). The view is static, so the capability offers no subscriptions and no
 * list changes.
 */
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type {
  ListResourcesResult,
  ReadResourceResult,
  Resource,
  Server,
} from '@modelcontextprotocol/server';
import { SEARCH_RESULTS_HTML } from '../generated/search-results-html.ts';

/**
 * The MCP Apps HTML mime type (ext-apps' RESOURCE_MIME_TYPE; a test checks they agree). Written
 * out so the server does not load the ext-apps package, about 25 MiB of memory, for one string.
 */
export const RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

/** Short on purpose: search_vault_simple is a core tool and its listing carries this URI. */
export const SEARCH_VIEW_URI = 'ui://search';

const SEARCH_VIEW: Resource = {
  uri: SEARCH_VIEW_URI,
  name: 'search-results',
  title: 'Search results',
  description: 'Ranked hits of search_vault_smart and search_vault_simple (MCP Apps view).',
  mimeType: RESOURCE_MIME_TYPE,
};

/** The `resources` capability: one static resource, nothing to subscribe to. */
export const appResourcesCapability: Record<string, never> = {};

export function listAppResources(): ListResourcesResult {
  return { resources: [SEARCH_VIEW] };
}

export function readAppResource(uri: string): ReadResourceResult {
  if (uri !== SEARCH_VIEW_URI) throw new ResourceNotFoundError(uri);
  return {
    contents: [
      {
        uri,
        mimeType: RESOURCE_MIME_TYPE,
        text: SEARCH_RESULTS_HTML,
        _meta: { ui: { prefersBorder: true } },
      },
    ],
  };
}

/** Registers the handlers; the server must declare the `resources` capability. */
export function registerAppResourceHandlers(server: Server): void {
  server.setRequestHandler('resources/list', () => listAppResources());
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', (request) => readAppResource(request.params.uri));
}
