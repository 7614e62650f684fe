import { describe, expect, test } from 'bun:test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEST_VAULT } from '../../packages/shared/src/test-support/shared-data.ts';
import { GENERATED, generatedNotes } from './generate.ts';

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...(await filesUnder(root, path)));
    else paths.push(path);
  }
  return paths;
}

describe('the generated part of the test vault', () => {
  const generated = generatedNotes();

  test('is deterministic: two runs write the same bytes', () => {
    expect(generatedNotes()).toEqual(generated);
  });

  test('is committed exactly as the generator writes it (run bun run test-vault:generate)', async () => {
    const onDisk: Record<string, string> = {};
    for (const folder of GENERATED) {
      for (const path of await filesUnder(TEST_VAULT, folder)) {
        onDisk[path] = await readFile(join(TEST_VAULT, path), 'utf8');
      }
    }
    expect(Object.keys(onDisk).sort()).toEqual(Object.keys(generated).sort());
    for (const [path, text] of Object.entries(generated)) {
      expect({ path, text: onDisk[path] }).toEqual({ path, text });
    }
  });

  test('writes only into the folders it owns', () => {
    const outside = Object.keys(generated).filter(
      (path) => !GENERATED.some((folder) => path.startsWith(`${folder}/`)),
    );
    expect(outside).toEqual([]);
  });
});
