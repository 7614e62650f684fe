import { expect, test } from 'bun:test';
import { byFolderEntry, parentFolder } from '@mcp-connector/obsidian-plugin/host';
import { FileTable } from './file-table.ts';

const STAT = { ctime: 0, mtime: 0, size: 0 };

/** What one pass over the table gives for a folder, as list_vault_files sorted it before. */
function pass(table: FileTable, folder: string): string[] {
  const entries = [
    ...table.listFolders().map((entry) => `${entry.path}/`),
    ...table.listFiles().map((entry) => entry.path),
  ];
  const inFolder = (entry: string) =>
    parentFolder(entry.endsWith('/') ? entry.slice(0, -1) : entry) === folder;
  return entries.filter(inFolder).sort(byFolderEntry);
}

test('each folder listing stays sorted, and a new array, as entries come and go', () => {
  const table = new FileTable();
  table.addFolder('A', 'A');
  for (const name of ['Note 10.md', 'note 2.md', 'Note 1.md', 'b.png'])
    table.setFile(`A/${name}`, `A/${name}`, STAT);
  table.setFile('root.md', 'root.md', STAT);
  const first = table.listings.of('A');
  expect(first).toEqual(['A/b.png', 'A/Note 1.md', 'A/note 2.md', 'A/Note 10.md']);
  expect(table.listings.of('A')).toBe(first);
  table.setFile('A/Note 1.md', 'A/Note 1.md', { ...STAT, mtime: 5 }); // changed, not new
  expect(table.listings.of('A')).toBe(first);
  table.addFolder('A/Sub', 'A/Sub');
  table.setFile('A/Note 3.md', 'A/Note 3.md', STAT);
  table.setFile('A/Sub/deep.md', 'A/Sub/deep.md', STAT);
  table.deleteFile('A/b.png');
  expect(table.listings.of('A')).not.toBe(first);
  expect(first).toEqual(['A/b.png', 'A/Note 1.md', 'A/note 2.md', 'A/Note 10.md']);
  for (const folder of ['', 'A', 'A/Sub'])
    expect(table.listings.of(folder)).toEqual(pass(table, folder));
  table.deleteFile('A/Sub/deep.md');
  table.deleteFolder('A/Sub');
  for (const folder of ['', 'A', 'A/Sub'])
    expect(table.listings.of(folder)).toEqual(pass(table, folder));
  expect(table.listings.of('A/Sub')).toEqual([]);
});
