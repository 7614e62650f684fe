/**
 * The MCP Apps search-results view end to end: the real headless server over HTTP on a temp copy
 * of the test vault, the official SDK client on both protocol lines, one client declaring the MCP
 * Apps extension (`io.modelcontextprotocol/ui`) and one not. The resources capability serves the
 * view and nothing else; both search tools point to it; a successful search carries its rows in
 * `_meta`, a failure none; and the text a client reads is the same with or without the extension.
 * (On the 2026-07-28 line the SDK adds its own `_meta` key, serverInfo, to every result: failures
 * are checked for the view's key, not for `_meta` as a whole.)
 */
import { afterAll, beforeAll, describe, expect } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { waitForValue } from '@mcp-connector/shared/test-support';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { basename } from 'node:path';
import {
  SEARCH_VIEW_META_KEY,
  readAppResource,
} from '../../../obsidian-plugin/src/features/mcp-apps/index.ts';
import {
  PROTOCOL_LINES,
  SEMANTIC_INDEX_BOUND_MS,
  httpTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
  type ProtocolLine,
} from '../test-support/index.ts';

const MIME = 'text/html;profile=mcp-app';
const VIEW = 'ui://search';

let t: McpTestServer;
const opened: Client[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()));
  await t.stop();
});

/** A client on `line`; with `ui`, it declares the MCP Apps extension as a host would. */
async function connect(line: ProtocolLine, ui: boolean): Promise<Client> {
  const extensions = { 'io.modelcontextprotocol/ui': { mimeTypes: [MIME] } };
  const client = new Client(
    { name: ui ? 'apps-host' : 'plain-client', version: '1.0.0' },
    {
      capabilities: ui ? { extensions } : {},
      versionNegotiation: { mode: line === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(t.url, {
      requestInit: { headers: { Authorization: `Bearer ${t.token}` } },
    }),
  );
  opened.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return client.callTool({ name, arguments: args });
}

function viewData(result: CallToolResult) {
  return result._meta?.[SEARCH_VIEW_META_KEY] as
    { vault: string; query: string; rows: Record<string, unknown>[]; total: number } | undefined;
}

describe.each(PROTOCOL_LINES)('on the %s line', (line) => {
  httpTest(
    'resources: exactly the view, no templates, served with the MCP Apps mime type',
    async () => {
      const client = await connect(line, true);
      expect(client.getServerCapabilities()?.resources).toEqual({});
      const { resources } = await client.listResources();
      expect(resources).toEqual([
        {
          uri: VIEW,
          name: 'search-results',
          title: 'Search results',
          description: expect.any(String) as string,
          mimeType: MIME,
        },
      ]);
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
      const { contents } = await client.readResource({ uri: VIEW });
      expect(contents).toHaveLength(1);
      const [content] = contents as { uri: string; mimeType: string; text: string }[];
      expect(content?.uri).toBe(VIEW);
      expect(content?.mimeType).toBe(MIME);
      expect(content?.text.startsWith('<!doctype html>')).toBe(true);
      const served = (readAppResource(VIEW).contents[0] as { text: string }).text;
      expect(content?.text === served).toBe(true);
    },
  );

  httpTest('an unknown resource is "resource not found" (-32602), naming the URI', async () => {
    const client = await connect(line, false);
    for (const uri of ['ui://search/other', 'ui://nothing', 'file:///etc/hosts']) {
      const error = await client.readResource({ uri }).then(
        () => null,
        (thrown: { code?: number; message?: string }) => thrown,
      );
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain(uri);
    }
  });

  httpTest('tools/list: both search tools, and only they, point to the view', async () => {
    const client = await connect(line, true);
    const { tools } = await client.listTools();
    const pointing = tools.filter((tool) => tool._meta !== undefined);
    expect(pointing.map((tool) => [tool.name, tool._meta]).sort()).toEqual([
      ['search_vault_simple', { ui: { resourceUri: VIEW } }],
      ['search_vault_smart', { ui: { resourceUri: VIEW } }],
    ]);
  });

  httpTest(
    'search_vault_simple: the rows ride in _meta; the text is the same without the extension',
    async () => {
      const [host, plain] = [await connect(line, true), await connect(line, false)];
      const args = { query: 'compost', limit: 5 };
      const [withUi, withoutUi] = [
        await call(host, 'search_vault_simple', args),
        await call(plain, 'search_vault_simple', args),
      ];
      const data = withUi.structuredContent as {
        hits: { path: string; score: number; lines: { line: number; text: string }[] }[];
        total: number;
      };
      expect(data.total).toBeGreaterThan(5);
      // The ranked notes, each shown with its best line.
      expect(viewData(withUi)).toEqual({
        vault: basename(t.vault.root),
        query: 'compost',
        rows: data.hits.map(({ path, score, lines }) => ({
          path,
          score,
          excerpt: lines[0]?.text,
          line: lines[0]?.line,
        })),
        total: data.total,
      });
      expect(viewData(withUi)?.rows[0]).toMatchObject({ line: expect.any(Number) as number });
      expect(withUi.content).toEqual(withoutUi.content);
      expect(withUi.structuredContent).toEqual(withoutUi.structuredContent);
      expect((withUi.content[0] as { text: string }).text).toBe(JSON.stringify(data));
    },
  );

  httpTest(
    'search_vault_smart: ranked hits with score and heading ride in _meta',
    async () => {
      const client = await connect(line, true);
      const result = await waitForValue(
        async () => {
          const answer = await call(client, 'search_vault_smart', {
            query: 'compost bays',
            limit: 3,
          });
          // index_building carries no rows either
          expect(viewData(answer) === undefined).toBe(answer.isError === true);
          return answer.isError === true ? undefined : answer;
        },
        'the semantic index to answer',
        SEMANTIC_INDEX_BOUND_MS,
      );
      const hits = (result.structuredContent as { hits: Record<string, unknown>[] }).hits;
      expect(hits).toHaveLength(3);
      expect(viewData(result)).toEqual({
        vault: basename(t.vault.root),
        query: 'compost bays',
        rows: hits,
        total: 3,
      });
      expect(Object.keys(hits[0] ?? {}).sort()).toEqual(['excerpt', 'heading', 'path', 'score']);
      const plain = await call(await connect(line, false), 'search_vault_smart', {
        query: 'compost bays',
        limit: 3,
      });
      expect(plain.content).toEqual(result.content);
    },
    SEMANTIC_INDEX_BOUND_MS + 15_000,
  );

  httpTest('failures carry no _meta, and the vault stays byte-for-byte unchanged', async () => {
    const client = await connect(line, true);
    const before = await snapshotVault(t.vault.root);
    const failures: [string, Record<string, unknown>, string][] = [
      ['search_vault_simple', { query: '' }, 'invalid_arguments'],
      ['search_vault_simple', { query: 'x', limit: 0 }, 'invalid_arguments'],
      ['search_vault_smart', { query: 'x', filter: { includeFolders: ['No Such'] } }, 'not_found'],
      ['search_vault_smart', { query: 'x', filter: { excludeFolders: ['../up'] } }, 'invalid_path'],
    ];
    for (const [name, args, code] of failures) {
      const result = await call(client, name, args);
      expect(result.isError).toBe(true);
      expect((result.structuredContent as { code: string }).code).toBe(code);
      expect(viewData(result)).toBeUndefined();
    }
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
