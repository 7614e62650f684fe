import { afterEach, describe, expect, test } from 'bun:test';
import { fullGC, heapStats } from 'bun:jsc';
import { openTestHost, type TestHost } from '../../../../../host/test-support/test-host.ts';
import { termsOf } from '../../../../semantic-search/index.ts';
import { DocumentCache, FIELD_WEIGHTS } from './note-document.ts';

let vault: TestHost;
afterEach(() => vault.close());

const NOTES = {
  'Garden/Carrot fly.md':
    '---\naliases: [Psila rosae]\n---\n# Signs\n\nRusty tunnels in the carrots.',
  'Garden/Slugs.md': '# Slugs\n\nBeer traps and night patrols; slugs love lettuce.',
  'Kitchen/Jam.md': 'Strawberries, sugar and a lemon.',
};

describe('note documents', () => {
  test('count each term by field weight, from the note itself', async () => {
    vault = await openTestHost(NOTES);
    const cache = new DocumentCache(1024 * 1024);
    const text = NOTES['Garden/Carrot fly.md'];
    const document = cache.documentOf(vault.host, 'Garden/Carrot fly.md', text);
    const [carrot, fly, psila, sign, rusty] = termsOf('carrot fly psila signs rusty');
    // "carrots" in the body stems to the title's "carrot".
    expect(document.countOf(carrot as string)).toBe(FIELD_WEIGHTS.title + FIELD_WEIGHTS.body);
    expect(document.countOf(fly as string)).toBe(FIELD_WEIGHTS.title);
    expect(document.countOf(psila as string)).toBe(FIELD_WEIGHTS.aliases + FIELD_WEIGHTS.body);
    expect(document.countOf(sign as string)).toBe(FIELD_WEIGHTS.headings + FIELD_WEIGHTS.body);
    expect(document.countOf(rusty as string)).toBe(FIELD_WEIGHTS.body);
    expect(document.countOf('zebra')).toBe(0);
  });

  test('a kept document holds one typed array (each costs its bookkeeping besides its data)', async () => {
    vault = await openTestHost(NOTES);
    const cache = new DocumentCache(64 * 1024 * 1024);
    const typedArrays = () => {
      fullGC();
      return heapStats().objectTypeCounts.Uint32Array ?? 0;
    };
    const before = typedArrays();
    const documents = Array.from({ length: 200 }, (_, at) =>
      cache.documentOf(vault.host, `Note ${at}.md`, `Word${at} and carrots.`),
    );
    expect(typedArrays() - before).toBeLessThan(1.5 * documents.length);
    expect(documents[7]?.countOf(termsOf('word7')[0] as string)).toBe(FIELD_WEIGHTS.body);
    expect(documents[7]?.countOf(termsOf('note')[0] as string)).toBe(FIELD_WEIGHTS.title);
  });

  test('a note unchanged is kept, a changed one is made again', async () => {
    vault = await openTestHost(NOTES);
    const cache = new DocumentCache(1024 * 1024);
    const path = 'Garden/Slugs.md';
    const first = cache.documentOf(vault.host, path, NOTES[path]);
    expect(cache.documentOf(vault.host, path, NOTES[path])).toBe(first);
    const edited = cache.documentOf(vault.host, path, `${NOTES[path]}\nCopper tape.`);
    expect(edited).not.toBe(first);
    expect(edited.countOf(termsOf('copper')[0] as string)).toBe(1);
    expect(cache.held().documents).toBe(1);
  });

  test('past its budget the least recently used documents go first', async () => {
    vault = await openTestHost(NOTES);
    const sizeOf = (path: keyof typeof NOTES) => {
      const alone = new DocumentCache(1024 * 1024);
      alone.documentOf(vault.host, path, NOTES[path]);
      return alone.held().bytes;
    };
    const [carrot, slugs, jam] = Object.keys(NOTES) as (keyof typeof NOTES)[];
    const budget = sizeOf(carrot!) + sizeOf(slugs!) + sizeOf(jam!) - 1;
    const cache = new DocumentCache(budget);
    const carrotDocument = cache.documentOf(vault.host, carrot!, NOTES[carrot!]);
    cache.documentOf(vault.host, slugs!, NOTES[slugs!]);
    // Used again, so the slugs note is now the least recently used.
    expect(cache.documentOf(vault.host, carrot!, NOTES[carrot!])).toBe(carrotDocument);
    cache.documentOf(vault.host, jam!, NOTES[jam!]);
    expect(cache.held().documents).toBe(2);
    expect(cache.held().bytes).toBeLessThanOrEqual(budget);
    expect(cache.documentOf(vault.host, carrot!, NOTES[carrot!])).toBe(carrotDocument);
  });

  test('a document made before the vocabulary started over still counts right', async () => {
    vault = await openTestHost(NOTES);
    const cache = new DocumentCache(1024 * 1024);
    const path = 'Kitchen/Jam.md';
    const before = cache.documentOf(vault.host, path, NOTES[path]);
    cache.clear();
    cache.documentOf(vault.host, 'Garden/Slugs.md', NOTES['Garden/Slugs.md']);
    expect(before.countOf(termsOf('lemon')[0] as string)).toBe(1);
    expect(before.countOf(termsOf('slugs')[0] as string)).toBe(0);
  });
});
