import { deviceHomeOf } from '@mcp-connector/shared';
/**
 * The view's wiring into the tools: search_vault_simple and search_vault_smart (and no other
 * tool) list the view as `_meta.ui.resourceUri`; their successful results carry the rows in
 * `_meta`; their failures never do; and the text and structuredContent are byte-identical to a
 * result without the extension (what every client got before the view existed).
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, snapshotVault, type TestHost } from '../../host/test-support/test-host.ts';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { allTools, successResult, toolListing } from '../mcp-tools/index.ts';
import { registeredTool, runTool } from '../mcp-tools/test-support/run-tool.ts';
import {
  defaultSemanticSettings,
  hashingProvider,
  setupSemanticSearch,
} from '../semantic-search/index.ts';
import { SEARCH_VIEW_META_KEY, SEARCH_VIEW_URI, searchViewMeta } from './index.ts';

const searchVaultSimple = registeredTool('search_vault_simple');
const searchVaultSmart = registeredTool('search_vault_smart');

const notes = {
  'Garden/Plan.md': '# Garden plan\n## Risks\nLate frost could kill the seedlings.\nFrost again.\n',
  'Kitchen/Bread.md': '# Sourdough\nFeed the starter before the frost.\n',
};

let vault: TestHost | null = null;
let dispose = async (): Promise<void> => undefined;
afterEach(async () => {
  await dispose();
  dispose = async () => undefined;
  await vault?.close();
  vault = null;
});

async function open(): Promise<TestHost> {
  vault = await openTestHost(notes);
  return vault;
}

/** What a client without the extension got before: the same object, as text and structured. */
function withoutExtension(result: CallToolResult): CallToolResult {
  return successResult(result.structuredContent as Record<string, unknown>);
}

describe('tools/list', () => {
  test('both search tools, and only they, name the view in _meta.ui.resourceUri', () => {
    const withView = allTools.filter((tool) => toolListing(tool)._meta !== undefined);
    expect(withView.map((tool) => tool.name).sort()).toEqual([
      'search_vault_simple',
      'search_vault_smart',
    ]);
    for (const tool of withView) {
      expect(toolListing(tool)._meta).toEqual({ ui: { resourceUri: SEARCH_VIEW_URI } });
    }
    expect(Object.keys(toolListing(searchVaultSimple)).at(-1)).toBe('_meta');
  });
});

describe('search_vault_simple', () => {
  test('a success carries the ranked rows, the vault and the total in _meta; text unchanged', async () => {
    const { host } = await open();
    const result = await runTool(searchVaultSimple, host, { query: 'frost', limit: 1 });
    const data = result.structuredContent as { hits: unknown[]; total: number };
    expect(data.total).toBe(2);
    expect(data.hits).toHaveLength(1);
    // One row per note, best first: its score and its best line.
    const rows = [
      {
        path: 'Garden/Plan.md',
        score: expect.any(Number) as number,
        excerpt: 'Late frost could kill the seedlings.',
        line: 2,
      },
    ];
    expect(result._meta).toEqual(
      searchViewMeta({ vault: host.vaultName, query: 'frost', rows, total: 2 }),
    );
    expect(Object.keys(data)).toEqual(['query', 'hits', 'total', 'truncated']);
    const plain = withoutExtension(result);
    expect(result.content).toEqual(plain.content);
    expect(result.content).toHaveLength(1);
    expect((result.content[0] as { text: string }).text).toBe(JSON.stringify(data));
  });

  test('no match: a success with no rows, still naming the vault', async () => {
    const { host } = await open();
    const result = await runTool(searchVaultSimple, host, { query: 'zebra' });
    expect(result._meta).toEqual({
      [SEARCH_VIEW_META_KEY]: { vault: host.vaultName, query: 'zebra', rows: [], total: 0 },
    });
  });

  test('failures carry no _meta', async () => {
    const { host } = await open();
    for (const args of [{ query: '' }, { query: 'x', limit: 0 }, { query: 'x', extra: 1 }]) {
      const result = await runTool(searchVaultSimple, host, args);
      expect(result.isError).toBe(true);
      expect('_meta' in result).toBe(false);
    }
  });
});

describe('search_vault_smart', () => {
  async function withSearch(host: TestHost['host'], root: string) {
    const setup = setupSemanticSearch({
      host,
      indexDirectory: deviceHomeOf(root).semanticIndex,
      settings: defaultSemanticSettings(),
      createProvider: () => hashingProvider(32),
      queryWaitMs: 5000,
    });
    if (!setup.ok) throw new Error(setup.error);
    dispose = setup.dispose;
    return setup.service;
  }

  test('a success carries the ranked hits with score and heading in _meta; text unchanged', async () => {
    const { host, root } = await open();
    const semanticSearch = await withSearch(host, root);
    const result = await runTool(
      searchVaultSmart,
      host,
      { query: 'frost seedlings' },
      { semanticSearch },
    );
    const data = result.structuredContent as { hits: { path: string }[] };
    expect(data.hits.length).toBeGreaterThan(0);
    expect(result._meta).toEqual(
      searchViewMeta({
        vault: host.vaultName,
        query: 'frost seedlings',
        rows: data.hits as never,
        total: data.hits.length,
      }),
    );
    const rows = (result._meta?.[SEARCH_VIEW_META_KEY] as { rows: Record<string, unknown>[] }).rows;
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['excerpt', 'heading', 'path', 'score']);
    expect(result.content).toEqual(withoutExtension(result).content);
  });

  test('failures carry no _meta, and change nothing', async () => {
    const { host, root } = await open();
    const unsupported = await runTool(searchVaultSmart, host, { query: 'x' });
    expect(unsupported.isError).toBe(true);
    expect('_meta' in unsupported).toBe(false);
    await withSearch(host, root);
    const before = await snapshotVault(root);
    for (const args of [
      { query: 'x', filter: { includeFolders: ['Nope'] } },
      { query: 'x', filter: { excludeFolders: ['../up'] } },
      { query: '' },
    ]) {
      const result = await runTool(searchVaultSmart, host, args);
      expect(result.isError).toBe(true);
      expect('_meta' in result).toBe(false);
    }
    const after = await snapshotVault(root);
    const notesOnly = (all: Record<string, string>) =>
      Object.fromEntries(Object.entries(all).filter(([path]) => !path.includes('semantic-index/')));
    expect(notesOnly(after)).toEqual(notesOnly(before));
  });
});
