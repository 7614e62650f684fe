import { expect, test } from 'bun:test';
import { offlineProvider } from './offline-provider.ts';

const cosine = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);

test('the offline provider runs Universal Sentence Encoder lite from the npm package, by meaning', async () => {
  const provider = offlineProvider();
  expect(provider).toMatchObject({ id: 'offline:use-lite', dimensions: 512 });
  const [query, close, far] = await provider.embed(
    [
      'How do I see what I have to do this week?',
      'Tasks due in the next seven days',
      'A recipe for sourdough bread',
    ],
    'document',
  );
  if (query === undefined || close === undefined || far === undefined)
    throw new Error('missing vectors');
  expect(query).toHaveLength(512);
  expect(Math.hypot(...query)).toBeCloseTo(1, 4);
  expect(cosine(query, close)).toBeGreaterThan(cosine(query, far) + 0.1);
  expect(await provider.embed([], 'query')).toEqual([]);
}, 60_000);
