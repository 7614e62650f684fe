/**
 * search_vault_smart end to end: the real headless server over HTTP, the official SDK client,
 * both protocol lines, semantic search composed by the server itself. On the whole test vault
 * the deterministic hashing provider keeps it fast; a small vault of seven of its notes runs the
 * offline model (USE lite, from its npm package) to show a query answered by meaning. Expected
 * notes were picked by reading them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { TEST_VAULT, waitFor, waitForValue } from '@mcp-connector/shared/test-support';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  hashingProvider,
  offlineModel,
  type EmbeddingProvider,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import { threadEmbedders } from '../../semantic/thread-embedders.ts';
import {
  PROTOCOL_LINES,
  buildVault,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

interface Hit {
  path: string;
  heading: string | null;
  score: number;
  excerpt: string;
}

describe('on the test vault (hashing provider)', () => {
  let t: McpTestServer;
  let release: () => void;
  beforeAll(async () => {
    const base = hashingProvider(64);
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated: EmbeddingProvider = {
      ...base,
      embed: async (texts, role) => held.then(() => base.embed(texts, role)),
    };
    t = await startTestServer(undefined, {
      semantic: { createProvider: () => gated, queryWaitMs: 0 },
    });
  });
  afterAll(async () => {
    release();
    await t.stop();
  });

  /** Lets the first build finish (the first test holds it to watch it run) and waits for it. */
  async function built(client: Client): Promise<void> {
    release();
    await waitFor(async () => {
      const answer = await client.callTool({
        name: 'search_vault_smart',
        arguments: { query: 'x' },
      });
      return answer.isError !== true;
    }, 'the first build to finish');
  }

  test('index_building with notifications/progress while the first build runs, then answers on both lines', async () => {
    const client = await t.connect('modern');
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const first = await client.callTool(
      { name: 'search_vault_smart', arguments: { query: 'fermentation salt brine' } },
      { onprogress: (update) => progress.push(update) },
    );
    expect(first.isError).toBe(true);
    const building = first.structuredContent as { code: string; details?: Record<string, unknown> };
    expect(building.code).toBe('index_building');
    expect(building.details).toMatchObject({ filesIndexed: 0, filesTotal: 194, percent: 0 });
    expect(typeof building.details?.retryAfterSeconds).toBe('number');
    expect(progress[0]).toMatchObject({ progress: 0, total: 194 });
    expect(progress[0]?.message).toContain('Semantic index: 0 of 194 notes');
    release();
    const result = await waitForValue(async () => {
      const call = await client.callTool({
        name: 'search_vault_smart',
        arguments: { query: 'fermentation salt brine' },
      });
      return call.isError ? undefined : (call.structuredContent as Record<string, unknown>);
    }, 'the first build to finish');
    expect(result).toMatchObject({
      query: 'fermentation salt brine',
      provider: 'hashing:64',
      mode: 'hybrid',
    });
    const paths = (result.hits as Hit[]).map((hit) => hit.path);
    expect(paths.slice(0, 2).sort()).toEqual([
      'Kitchen/Preserving/Fermentation basics.md',
      'Kitchen/Preserving/Sauerkraut.md',
    ]);
    for (const line of PROTOCOL_LINES) {
      const other = await t.connect(line);
      const again = await callOk(other, 'search_vault_smart', {
        query: 'fermentation salt brine',
        mode: 'semantic',
        limit: 3,
      });
      expect(again).toMatchObject({ mode: 'semantic' });
      expect(again.hits).toHaveLength(3);
    }
  });

  test('folder filters, and the vault stays byte-for-byte unchanged by failures', async () => {
    const client = await t.connect('legacy');
    await built(client);
    const inKitchen = await callOk(client, 'search_vault_smart', {
      query: 'salt brine jars',
      filter: { includeFolders: ['Kitchen'] },
    });
    expect((inKitchen.hits as Hit[]).length).toBeGreaterThan(0);
    expect((inKitchen.hits as Hit[]).every((hit) => hit.path.startsWith('Kitchen/'))).toBe(true);
    const elsewhere = await callOk(client, 'search_vault_smart', {
      query: 'fermentation salt brine',
      filter: { excludeFolders: ['Kitchen', 'Reading'] },
    });
    const elsewherePaths = (elsewhere.hits as Hit[]).map((entry) => entry.path);
    expect(elsewherePaths.length).toBeGreaterThan(0);
    expect(elsewherePaths.length).toBeLessThanOrEqual(10);
    expect(elsewherePaths.some((path) => /^(Kitchen|Reading)\//.test(path))).toBe(false);
    const hit = (inKitchen.hits as Hit[])[0] as Hit;
    expect(hit.excerpt.length).toBeGreaterThan(0);
    expect(await t.readText(hit.path)).toContain(hit.excerpt.slice(0, 20));

    const before = await snapshotVault(t.vault.root);
    const failures = [
      [{ query: 'x', filter: { includeFolders: ['No Such Folder'] } }, 'not_found'],
      [{ query: 'x', filter: { excludeFolders: ['../outside'] } }, 'invalid_path'],
      [{ query: 'x', filter: { includeFolders: ['.obsidian'] } }, 'invalid_path'],
      [{ query: 'x', filter: { paths: [] } }, 'invalid_arguments'],
      [{ query: '' }, 'invalid_arguments'],
      [{ query: 'x', limit: 0 }, 'invalid_arguments'],
      [{ query: 'x', mode: 'keyword' }, 'invalid_arguments'],
    ] as const;
    for (const [args, code] of failures) {
      expect((await callFail(client, 'search_vault_smart', args)).code).toBe(code);
    }
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('follows an edit made through another tool', async () => {
    const client = await t.connect('modern');
    await built(client);
    await callOk(client, 'create_vault_file', {
      path: 'E2E/Greenhouse.md',
      content: '# Greenhouse\nTomatoes need a heater in March.',
    });
    const paths = await waitForValue(async () => {
      const result = await callOk(client, 'search_vault_smart', {
        query: 'greenhouse tomatoes heater',
      });
      const found = (result.hits as Hit[]).map((hit) => hit.path);
      return found.includes('E2E/Greenhouse.md') ? found : undefined;
    }, 'the new note to be indexed');
    expect(paths[0]).toBe('E2E/Greenhouse.md');
  });
});

describe('by meaning, with the offline model', () => {
  const NOTES = [
    'Apiary/Overwintering.md',
    'Apiary/Swarm catch May 2024.md',
    'Kitchen/Preserving/Sauerkraut.md',
    'Kitchen/Preserving/Canning safety.md',
    'Projects/Rainwater harvesting.md',
    'Reference/Frost dates.md',
    'Garden/Watering schedule.md',
  ];
  let t: McpTestServer;
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (const path of NOTES) files[path] = await readFile(join(TEST_VAULT, path), 'utf8');
    t = await startTestServer(await buildVault(files), {
      semantic: { createProvider: () => offlineModel(threadEmbedders()), queryWaitMs: 60_000 },
    });
  }, 60_000);
  afterAll(() => t.stop());

  test('a question in other words than the note finds it by meaning', async () => {
    const client = await t.connect('modern');
    const result = await callOk(client, 'search_vault_smart', {
      // The note says "colonies", "stores" and "winter", never "alive", "spring" or "honeybee".
      query: 'keeping honeybee colonies alive until spring',
      mode: 'semantic',
      limit: 2,
    });
    expect(result.provider).toBe('offline:use-lite');
    const hits = result.hits as Hit[];
    expect(hits[0]?.path).toBe('Apiary/Overwintering.md');
    expect((hits[0]?.score ?? 0) - (hits[1]?.score ?? 0)).toBeGreaterThan(0.1);
  }, 60_000);
});
