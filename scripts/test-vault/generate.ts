/**
 * `bun run test-vault:generate`: writes the generated part of the repository's test vault
 * (test-data/vault, documented in docs/test-vault.md): people, plants, pests, beds, hive
 * inspections, recipes, daily notes, meetings and books, about 150 notes from the tables in this
 * folder. Deterministic: the same code writes the same bytes, and generate.test.ts checks that
 * the committed files are exactly what it writes. The feature-rich notes around them are
 * written by hand and never touched here: the generator owns only the folders in GENERATED.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TEST_VAULT } from '../../packages/shared/src/test-support/shared-data.ts';
import { apiaryNotes, inspectionDates } from './apiary.ts';
import { seeded, type Files } from './common.ts';
import { gardenNotes } from './garden.ts';
import { journalNotes } from './journal.ts';
import { kitchenNotes } from './kitchen.ts';
import { peopleNotes } from './people.ts';
import { BOOKS, bookPath, readingNotes } from './reading.ts';

/** The folders the generator owns, whole: everything in them is generated. */
export const GENERATED = [
  'People',
  'Garden/Plants',
  'Garden/Pests',
  'Garden/Beds',
  'Apiary/Inspections',
  'Kitchen/Recipes',
  'Journal/Daily',
  'Meetings',
  'Reading',
];

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.md$/, '');

export function generatedNotes(): Files {
  const garden = gardenNotes(seeded(1));
  const kitchen = kitchenNotes(seeded(4));
  const visits = inspectionDates(seeded(3));
  const inputs = {
    inspections: visits,
    beds: Object.keys(garden)
      .filter((path) => path.startsWith('Garden/Beds/'))
      .map(baseName),
    books: BOOKS.map((book) => baseName(bookPath(book))),
    recipes: Object.keys(kitchen).map(baseName),
  };
  return {
    ...peopleNotes(seeded(2)),
    ...garden,
    ...apiaryNotes(seeded(7), visits),
    ...kitchen,
    ...journalNotes(seeded(5), inputs),
    ...readingNotes(seeded(6)),
  };
}

export async function writeGenerated(root: string): Promise<number> {
  for (const folder of GENERATED) await rm(join(root, folder), { recursive: true, force: true });
  const files = generatedNotes();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return Object.keys(files).length;
}

if (import.meta.main) {
  const count = await writeGenerated(TEST_VAULT);
  console.log(`wrote ${count} generated notes into ${TEST_VAULT}`);
}
