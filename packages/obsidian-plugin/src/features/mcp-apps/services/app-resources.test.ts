import { describe, expect, test } from 'bun:test';
import {
  InMemoryTransport,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server';
import { SEARCH_RESULTS_HTML } from '../generated/search-results-html.ts';
import {
  RESOURCE_MIME_TYPE,
  SEARCH_VIEW_URI,
  appResourcesCapability,
  listAppResources,
  readAppResource,
  registerAppResourceHandlers,
} from './app-resources.ts';

const MIME = 'text/html;profile=mcp-app';

describe('the MCP Apps resources', () => {
  test('one resource: the search-results view, a ui:// page of the MCP Apps mime type', () => {
    expect(SEARCH_VIEW_URI).toBe('ui://search');
    expect(listAppResources()).toEqual({
      resources: [
        {
          uri: 'ui://search',
          name: 'search-results',
          title: 'Search results',
          description: expect.any(String) as string,
          mimeType: MIME,
        },
      ],
    });
  });

  test('reading it returns the generated page, with an explicit border preference', () => {
    const { contents } = readAppResource(SEARCH_VIEW_URI);
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri: SEARCH_VIEW_URI, mimeType: MIME });
    expect((contents[0] as { text: string }).text === SEARCH_RESULTS_HTML).toBe(true);
    expect(contents[0]?._meta).toEqual({ ui: { prefersBorder: true } });
  });

  test('any other URI is the SDK resource-not-found error, naming the URI', () => {
    for (const uri of ['ui://search/', 'ui://Search', 'ui://other', 'file:///etc/passwd', '']) {
      let thrown: unknown = null;
      try {
        readAppResource(uri);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ResourceNotFoundError);
      expect((thrown as ResourceNotFoundError).code).toBe(ProtocolErrorCode.InvalidParams);
      expect((thrown as ResourceNotFoundError).uri).toBe(uri);
    }
  });

  test('registered on a server: list, read, an empty template list, and not found', async () => {
    const server = new Server(
      { name: 't', version: '1' },
      { capabilities: { resources: appResourcesCapability } },
    );
    registerAppResourceHandlers(server);
    const ask = await rawClient(server);
    try {
      const init = await ask('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      });
      expect(init.result?.capabilities).toMatchObject({ resources: {} });
      expect(await ask('resources/list', {})).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: { resources: listAppResources().resources },
      });
      expect(await ask('resources/templates/list', {})).toMatchObject({
        result: { resourceTemplates: [] },
      });
      expect(await ask('resources/read', { uri: 'ui://search' })).toMatchObject({
        result: { contents: [{ uri: 'ui://search', mimeType: MIME }] },
      });
      expect(await ask('resources/read', { uri: 'ui://nope' })).toMatchObject({
        error: { code: ProtocolErrorCode.InvalidParams, data: { uri: 'ui://nope' } },
      });
    } finally {
      await server.close();
    }
  });
});

interface Answer {
  jsonrpc: '2.0';
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** Plain JSON-RPC over the SDK's in-memory transport: `ask` sends a request, awaits its answer. */
async function rawClient(server: Server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const waiting = new Map<number, (answer: Answer) => void>();
  clientSide.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && typeof message.id === 'number') {
      waiting.get(message.id)?.(message as Answer);
    }
  };
  await server.connect(serverSide);
  await clientSide.start();
  let nextId = 0;
  return (method: string, params: Record<string, unknown>): Promise<Answer> => {
    const id = ++nextId;
    const answer = new Promise<Answer>((resolve) => waiting.set(id, resolve));
    void clientSide.send({ jsonrpc: '2.0', id, method, params });
    return answer;
  };
}

describe('the mime type written out', () => {
  test('is the one ext-apps defines', async () => {
    const extApps = await import('@modelcontextprotocol/ext-apps/server');
    expect(RESOURCE_MIME_TYPE).toBe(extApps.RESOURCE_MIME_TYPE);
  });
});
