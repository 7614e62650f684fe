import { expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TINY_MODEL_ID, TINY_MODEL_ROOT, tinyModelFiles } from './tiny-model.ts';

test('the committed tiny model is exactly what the script generates, and stays well under 1 MB', async () => {
  let total = 0;
  for (const [path, generated] of Object.entries(await tinyModelFiles())) {
    const committed = await readFile(join(TINY_MODEL_ROOT, TINY_MODEL_ID, path));
    total += committed.length;
    expect({ path, same: Buffer.compare(committed, Buffer.from(generated)) === 0 }).toEqual({
      path,
      same: true,
    });
  }
  expect(total).toBeLessThan(100_000);
});
