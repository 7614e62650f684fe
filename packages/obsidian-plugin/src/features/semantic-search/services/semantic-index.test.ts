import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { waitFor } from '@mcp-connector/shared/test-support';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { changedFiles, countingProvider, fingerprint } from '../test-support/semantic-fixtures.ts';
import type { EmbedRole } from '../providers/embedding-provider.ts';
import { segmentOf } from './hashing.ts';
import { SemanticIndex, type SemanticIndexOptions } from './semantic-index.ts';
import { fileOf } from './segment-store.ts';

let vault: TestHost;
const open: SemanticIndex[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((index) => index.close()));
  await vault.close();
});

const section = (title: string, body: string) => `## ${title}\n${body}\n`;
const planNote = [
  section('Goals', 'Ship the garden planner before spring.'),
  section('Budget', 'Seeds, soil and a greenhouse heater.'),
  section('Risks', 'Late frost could kill the seedlings.'),
].join('\n');

function newIndex(
  options: Partial<SemanticIndexOptions> & Pick<SemanticIndexOptions, 'provider'>,
): SemanticIndex {
  const index = new SemanticIndex({
    host: vault.host,
    directory: join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index'),
    debounceMs: 0,
    ...options,
  });
  open.push(index);
  return index;
}

const everything = () => true;

describe('SemanticIndex', () => {
  test('indexes only the notes the host lists, then answers semantic, lexical and hybrid queries', async () => {
    vault = await openTestHost({
      'Garden/Plan.md': planNote,
      'Kitchen/Bread.md': '# Sourdough\nFeed the starter, then bake the loaf.',
      '.hidden/Secret.md': '# Garden secret\nseedlings frost greenhouse',
      'Garden/photo.png': new Uint8Array([1, 2, 3]),
    });
    const provider = countingProvider();
    const index = newIndex({ provider });
    await index.start();
    expect(index.status()).toMatchObject({
      state: 'ready',
      filesIndexed: 2,
      filesTotal: 2,
      percent: 100,
    });
    expect(provider.embedded.some((text) => text.includes('secret'))).toBe(false);
    for (const mode of ['semantic', 'lexical', 'hybrid'] as const) {
      const answer = await index.query({
        text: 'frost seedlings',
        limit: 5,
        mode,
        accept: everything,
      });
      expect(answer.hits[0]).toMatchObject({ path: 'Garden/Plan.md', chunk: { heading: 'Risks' } });
      expect(answer.hits.map((hit) => hit.path)).not.toContain('.hidden/Secret.md');
    }
  });

  test("an edit re-embeds only the changed chunks and rewrites only the note's segment", async () => {
    vault = await openTestHost({
      'Garden/Plan.md': planNote,
      ...Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`Notes/${i}.md`, `# Note ${i}\nText ${i}.`]),
      ),
    });
    const provider = countingProvider();
    const index = newIndex({ provider });
    await index.start();
    const before = await fingerprint(index.directory);
    provider.embedded.length = 0;

    await vault.host.process('Garden/Plan.md', (text) =>
      text.replace('greenhouse heater', 'rain barrel'),
    );
    await index.catchUp();

    expect(provider.embedded).toHaveLength(1);
    expect(provider.embedded[0]).toContain('rain barrel');
    const segment = String(segmentOf('Garden/Plan.md')).padStart(2, '0');
    expect(changedFiles(before, await fingerprint(index.directory))).toEqual([
      `seg-${segment}.f32`,
      `seg-${segment}.json`,
    ]);
    const stats = index.stats;
    expect(stats?.chunksEmbedded).toBe(3 + 1 + 30 + 1); // plan's sections and outline, 30 notes, the edit
  });

  test('a restart embeds nothing; a corrupt segment is rebuilt alone', async () => {
    vault = await openTestHost(
      Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`Notes/${i}.md`, `# Note ${i}\nAbout topic ${i}.`]),
      ),
    );
    const first = countingProvider();
    const directory = join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index');
    const index = newIndex({ provider: first, directory });
    await index.start();
    await index.close();

    const second = countingProvider();
    const again = newIndex({ provider: second, directory });
    await again.start();
    expect(second.embedded).toEqual([]);
    await again.close();

    const broken = segmentOf('Notes/7.md');
    await writeFile(fileOf(again.directory, broken, 'json'), 'not json');
    const third = countingProvider();
    const rebuilt = newIndex({ provider: third, directory });
    await rebuilt.start();
    expect(rebuilt.status().rebuiltSegments).toEqual([broken]);
    const inBroken = Array.from({ length: 40 }, (_, i) => i).filter(
      (i) => segmentOf(`Notes/${i}.md`) === broken,
    );
    expect(third.embedded.map((text) => text.split(' > ')[0]).sort()).toEqual(
      inBroken.map(String).sort(),
    );
    const answer = await rebuilt.query({
      text: 'topic 7',
      limit: 3,
      mode: 'lexical',
      accept: everything,
    });
    expect(answer.hits[0]?.path).toBe('Notes/7.md');
  });

  test('follows creates, renames and deletes', async () => {
    vault = await openTestHost({ 'a.md': '# Alpha\napples and pears' });
    const index = newIndex({ provider: countingProvider() });
    await index.start();
    const find = async (text: string) =>
      (await index.query({ text, limit: 5, mode: 'lexical', accept: everything })).hits.map(
        (hit) => hit.path,
      );
    await vault.host.create('b.md', '# Beta\nbananas');
    await index.catchUp();
    expect(await find('bananas')).toEqual(['b.md']);
    await vault.host.renameFile('b.md', 'Fruit/c.md');
    await index.catchUp();
    expect(await find('bananas')).toEqual(['Fruit/c.md']);
    await vault.host.trashFile('Fruit/c.md');
    await index.catchUp();
    expect(await find('bananas')).toEqual([]);
    expect(index.status()).toMatchObject({ filesTotal: 1, state: 'ready' });
  });

  test('resync picks up notes that became visible or hidden without any vault event', async () => {
    vault = await openTestHost({ 'a.md': 'apples', 'Private/b.md': 'bananas' });
    let hidden = true;
    const view = new Proxy(vault.host, {
      get(target, key, receiver) {
        if (key === 'listFiles')
          return () =>
            target.listFiles().filter((file) => !hidden || !file.path.startsWith('Private/'));
        if (key === 'getFile')
          return (path: string) =>
            hidden && path.startsWith('Private/') ? null : target.getFile(path);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const provider = countingProvider();
    const index = newIndex({ provider, host: view });
    await index.start();
    const find = async (text: string) =>
      (await index.query({ text, limit: 5, mode: 'lexical', accept: everything })).hits.map(
        (hit) => hit.path,
      );
    expect(await find('bananas')).toEqual([]);
    hidden = false;
    await index.resync();
    expect(await find('bananas')).toEqual(['Private/b.md']);
    hidden = true;
    await index.resync();
    expect(await find('bananas')).toEqual([]);
    expect(provider.embedded).toHaveLength(2);
  });

  test('closing during a build stops after the current batch and marks unfinished segments dirty', async () => {
    vault = await openTestHost(
      Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`N/${i}.md`, `# ${i}\nwords ${i}`]),
      ),
    );
    const provider = countingProvider();
    provider.hold();
    const index = newIndex({ provider });
    const building = index.start();
    // Mid-build: the first batch is with the (held) provider.
    await waitFor(() => provider.inFlight > 0, 'the first batch to reach the provider');
    const closing = index.close();
    provider.release();
    await closing;
    await building;
    expect(provider.embedded.length).toBeLessThan(200);
    expect(index.status().state).toBe('idle');
    const reopened = newIndex({ provider: countingProvider() });
    await reopened.start();
    expect(reopened.status()).toMatchObject({ state: 'ready', filesTotal: 200 });
    expect(reopened.status().dirtySegments.length).toBeGreaterThan(0);
  });

  test('a query running when the index is destroyed gets its answer; the model is freed after', async () => {
    vault = await openTestHost({ 'Garden/Plan.md': planNote });
    const counting = countingProvider();
    let disposed = false;
    const provider = {
      ...counting,
      get inFlight() {
        return counting.inFlight;
      },
      async embed(texts: readonly string[], role: EmbedRole) {
        const vectors = await counting.embed(texts, role);
        // Gives a close that does not wait for queries the turns to free the model first (it
        // takes a few); with the wait, nothing frees it and the turns just pass.
        for (let turn = 0; turn < 50 && !disposed; turn++) await new Promise(setImmediate);
        // As the worker provider does: a call the close overtook is rejected.
        if (disposed) throw new Error('The provider was closed.');
        return vectors;
      },
      dispose() {
        disposed = true;
        return Promise.resolve();
      },
    };
    const index = newIndex({ provider });
    await index.start();
    counting.hold();
    const query = index.query({ text: 'frost', limit: 5, mode: 'semantic', accept: everything });
    await waitFor(() => counting.inFlight > 0, 'the query to reach the provider');
    const destroyed = index.destroy();
    counting.release();
    expect((await query).hits[0]?.path).toBe('Garden/Plan.md');
    await destroyed;
    expect(disposed).toBe(true);
  });

  test('reports progress while building and yields to the event loop between batches', async () => {
    vault = await openTestHost(
      Object.fromEntries(
        Array.from({ length: 120 }, (_, i) => [`N/${i}.md`, `# ${i}\n${'word '.repeat(50)}`]),
      ),
    );
    const seen: number[] = [];
    const index = newIndex({
      provider: countingProvider(),
      onStatus: (status) => seen.push(status.filesIndexed),
    });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await index.start();
    clearInterval(timer);
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(120);
    expect(new Set(seen).size).toBeGreaterThan(3);
    expect(ticks).toBeGreaterThan(3);
  });
});

describe('SemanticIndex read-ahead', () => {
  test('while the model embeds a batch, the next batch is read and chunked; every note ends up indexed once', async () => {
    vault = await openTestHost(
      Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`N/${i}.md`, `# ${i}\nwords ${i}`])),
    );
    const read: string[] = [];
    const host = Object.create(vault.host) as typeof vault.host;
    host.read = async (path: string) => {
      read.push(path);
      return vault.host.read(path);
    };
    const provider = countingProvider();
    let firstCall: (() => void) | null = null;
    const firstEmbed = new Promise<void>((resolve) => (firstCall = resolve));
    const held = {
      ...provider,
      embed: async (texts: readonly string[], role: 'query' | 'document') => {
        firstCall?.();
        return provider.embed(texts, role);
      },
    };
    provider.hold();
    const index = newIndex({ provider: held, host });
    const building = index.start();
    await firstEmbed;
    // The first batch is waiting on the model; the indexer reads the next one meanwhile.
    for (let turn = 0; turn < 200 && read.length <= 32; turn++)
      await new Promise((r) => setImmediate(r));
    expect(read.length).toBeGreaterThan(32);
    provider.release();
    await building;
    expect(index.status()).toMatchObject({ state: 'ready', filesTotal: 80, chunks: 80 });
    expect(provider.embedded).toHaveLength(80);
  });
});
