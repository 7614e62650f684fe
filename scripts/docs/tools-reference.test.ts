import { expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { format } from 'prettier';
import { REFERENCE_PATH, renderReference } from './tools-reference.ts';

test('docs/features/tools.md matches the registry (run `bun run docs:tools` after changing a tool)', async () => {
  const expected = await format(renderReference(), { parser: 'markdown', proseWrap: 'preserve' });
  const committed = await readFile(REFERENCE_PATH, 'utf8');
  expect(committed).toBe(expected);
});
