import { describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { CLIENTS } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import { README_PATH, readmeWithClients } from './clients-section.ts';

describe("the README's client section", () => {
  test('is exactly what the generators produce (rerun `bun run docs:clients` after a change)', async () => {
    const [committed, generated] = await Promise.all([
      readFile(README_PATH, 'utf8'),
      readmeWithClients(),
    ]);
    expect({ upToDate: committed === generated }).toEqual({ upToDate: true });
  });

  test('names every client and its documentation page', async () => {
    const readme = await readFile(README_PATH, 'utf8');
    for (const client of CLIENTS) {
      expect(readme).toContain(`**${client.name}**`);
      expect(readme).toContain(client.docs);
    }
  });
});
