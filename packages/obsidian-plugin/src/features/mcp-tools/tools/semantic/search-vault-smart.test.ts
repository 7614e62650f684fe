import { deviceHomeOf } from '@mcp-connector/shared';
import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import {
  defaultSemanticSettings,
  hashingProvider,
  setupSemanticSearch,
  type SemanticSearch,
  type EmbeddingProvider,
} from '../../../semantic-search/index.ts';
import { callTool } from '../../call-tool.ts';
import { contextFor, runFail, runOk } from '../../test-support/run-tool.ts';
import { searchVaultSmart } from './search-vault-smart.ts';

let vault: TestHost;
let dispose = async () => undefined as void;
afterEach(async () => {
  await dispose();
  dispose = async () => undefined;
  service = null;
  await vault.close();
});

const notes = {
  'Garden/Plan.md':
    '---\ntags: [garden]\n---\n# Garden plan\n## Risks\nLate frost could kill the seedlings.\n',
  'Garden/Herbs.md': '# Herbs\nBasil and thyme like sun.\n',
  'Kitchen/Bread.md': '# Sourdough\nFeed the starter, then bake the loaf.\n',
  '.secret/Frost.md': '# Frost\nfrost frost seedlings',
};

async function withSearch(provider: EmbeddingProvider = hashingProvider(32), queryWaitMs = 5000) {
  const setup = setupSemanticSearch({
    host: vault.host,
    indexDirectory: deviceHomeOf(vault.root).semanticIndex,
    settings: defaultSemanticSettings(),
    createProvider: () => provider,
    queryWaitMs,
  });
  if (!setup.ok) throw new Error(setup.error);
  dispose = setup.dispose;
  service = setup.service;
  return setup.service;
}

let service: SemanticSearch | null = null;
/** These tests build an index on disk (atomic, fsynced writes): slow when the disk is busy. */
const INDEX_BUILD_TIMEOUT_MS = 20_000;
const smartOk = (args: Record<string, unknown>) =>
  runOk(searchVaultSmart, vault.host, args, { semanticSearch: service });
const smartFail = (args: Record<string, unknown>) =>
  runFail(searchVaultSmart, vault.host, args, { semanticSearch: service });

/** The notes only: the index under .obsidian/plugins is the service's, not the vault's. */
async function notesSnapshot(): Promise<Record<string, string>> {
  const all = await snapshotVault(vault.root);
  return Object.fromEntries(
    Object.entries(all).filter(([path]) => !path.includes('semantic-index/')),
  );
}

describe('search_vault_smart', () => {
  test(
    'hybrid by default: one hit per note with path, heading, score and excerpt',
    async () => {
      vault = await openTestHost(notes);
      await withSearch();
      const result = await smartOk({ query: 'frost seedlings' });
      expect(result).toMatchObject({
        query: 'frost seedlings',
        provider: 'hashing:32',
        mode: 'hybrid',
      });
      const hits = result.hits as {
        path: string;
        heading: string | null;
        score: number;
        excerpt: string;
      }[];
      expect(hits[0]).toEqual({
        path: 'Garden/Plan.md',
        heading: 'Risks',
        score: 1,
        excerpt: 'Late frost could kill the seedlings.',
      });
      expect(new Set(hits.map((hit) => hit.path)).size).toBe(hits.length);
      expect(hits.map((hit) => hit.path)).not.toContain('.secret/Frost.md');

      const semantic = await smartOk({
        query: 'frost seedlings',
        mode: 'semantic',
        limit: 1,
      });
      expect(semantic.mode).toBe('semantic');
      expect(semantic.hits).toHaveLength(1);
      expect((semantic.hits as { score: number }[])[0]?.score).toBeLessThanOrEqual(1);
    },
    INDEX_BUILD_TIMEOUT_MS,
  );

  test(
    'folder filters',
    async () => {
      vault = await openTestHost(notes);
      await withSearch();
      const paths = async (filter: Record<string, unknown>) =>
        ((await smartOk({ query: 'garden herbs bread', filter })).hits as { path: string }[])
          .map((hit) => hit.path)
          .sort();
      expect(await paths({ includeFolders: ['Garden'] })).toEqual([
        'Garden/Herbs.md',
        'Garden/Plan.md',
      ]);
      expect(await paths({ includeFolders: ['Garden'], excludeFolders: ['Garden'] })).toEqual([]);
      expect(await paths({ excludeFolders: ['Garden/'] })).toEqual(['Kitchen/Bread.md']);
    },
    INDEX_BUILD_TIMEOUT_MS,
  );

  test(
    'operators narrow the notes as search_vault_simple reads them; the words are ranked',
    async () => {
      vault = await openTestHost(notes);
      await withSearch();
      const paths = async (query: string) =>
        ((await smartOk({ query })).hits as { path: string }[]).map((hit) => hit.path);
      expect(await paths('frost seedlings sun')).toContain('Garden/Herbs.md');
      expect(await paths('frost seedlings tag:garden')).toEqual(['Garden/Plan.md']);
      expect(await paths('frost seedlings path:Kitchen')).toEqual(['Kitchen/Bread.md']);
      expect(await paths('sun -basil')).not.toContain('Garden/Herbs.md');
      expect(await paths('"late frost"')).toEqual(['Garden/Plan.md']);
      const onlyOperators = await smartFail({ query: 'tag:garden' });
      expect(onlyOperators.code).toBe('invalid_arguments');
      expect(onlyOperators.message).toContain('search_vault_simple');
    },
    INDEX_BUILD_TIMEOUT_MS,
  );

  test(
    'hybrid leaves out the tail under the relevance floor and says how many',
    async () => {
      const many: Record<string, string> = { 'Answer.md': '# Frost dates\nLast frost: 20 April.' };
      for (let index = 0; index < 12; index++)
        many[`Other ${index}.md`] = `# Note ${index}\nDates of things, ${index} of them.`;
      vault = await openTestHost(many);
      await withSearch();
      const result = await smartOk({ query: 'last frost dates', limit: 20 });
      const hits = result.hits as { path: string; score: number }[];
      expect(hits[0]?.path).toBe('Answer.md');
      expect(hits.length + (result.belowRelevanceFloor as number)).toBeGreaterThan(hits.length);
      for (const hit of hits) expect(hit.score).toBeGreaterThanOrEqual(0.3 * (hits[0]?.score ?? 1));
    },
    INDEX_BUILD_TIMEOUT_MS,
  );

  test('bad arguments fail with the code that names the fix, and change nothing', async () => {
    vault = await openTestHost(notes);
    await withSearch();
    const before = await notesSnapshot();
    const code = async (args: Record<string, unknown>) => (await smartFail(args)).code;
    expect(await code({ query: 'x', filter: { includeFolders: ['Nope'] } })).toBe('not_found');
    expect(await code({ query: 'x', filter: { excludeFolders: ['../up'] } })).toBe('invalid_path');
    expect(await code({ query: 'x', filter: { includeFolders: ['.secret'] } })).toBe(
      'invalid_path',
    );
    expect(await code({ query: 'x', filter: { includeFolders: ['Garden/Plan.md'] } })).toBe(
      'not_a_folder',
    );
    expect(await code({ query: 'x', filter: { folders: ['Garden'] } })).toBe('invalid_arguments');
    expect(await code({ query: '' })).toBe('invalid_arguments');
    expect(await code({ query: 'x', mode: 'lexical' })).toBe('invalid_arguments');
    expect(await code({ query: 'x', limit: 0 })).toBe('invalid_arguments');
    expect(await notesSnapshot()).toEqual(before);
  });

  test('without a semantic search service on this host: unsupported', async () => {
    vault = await openTestHost(notes);
    const failure = await smartFail({ query: 'x' });
    expect(failure.code).toBe('unsupported');
    expect(failure.message).toContain('search_vault_simple');
  });

  test(
    'while the index builds: index_building with progress details, and progress through the context',
    async () => {
      vault = await openTestHost(notes);
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const base = hashingProvider(8);
      const slow: EmbeddingProvider = {
        ...base,
        embed: async (texts, role) => held.then(() => base.embed(texts, role)),
      };
      await withSearch(slow, 20);
      const reported: unknown[][] = [];
      const ctx = contextFor(
        vault.host,
        { semanticSearch: service },
        {
          progress: { report: (...args: unknown[]) => void reported.push(args) },
        },
      );
      const result = await callTool(searchVaultSmart, { query: 'frost' }, ctx);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        code: 'index_building',
        details: { filesIndexed: 0, filesTotal: 3, percent: 0, retryAfterSeconds: 10 },
      });
      expect(reported[0]).toEqual([0, 3, 'Semantic index: 0 of 3 notes (0%, hashing:8).']);
      release();
      await service?.settled();
      expect(await smartOk({ query: 'frost' })).toMatchObject({
        mode: 'hybrid',
      });
    },
    INDEX_BUILD_TIMEOUT_MS,
  );
});
