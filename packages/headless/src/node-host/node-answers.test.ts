import { expect, test } from 'bun:test';
import { NodeAnswers } from './node-answers.ts';
import { VaultState } from './vault-state.ts';

test("lists the index's own texts once all are read, and again only after a change", async () => {
  const state = new VaultState('/no/such/vault', '.obsidian');
  state.index.addFile('b.md', 'two');
  state.index.addFile('a.md', 'one');
  let markRead = () => {};
  const answers = new NodeAnswers(state, new Promise<void>((resolve) => (markRead = resolve)));
  let answered = false;
  const listing = answers.noteTexts().finally(() => (answered = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(answered).toBe(false); // the restored notes' texts are still being read
  markRead();
  const first = await listing;
  expect(first).toEqual([
    { path: 'a.md', text: 'one' },
    { path: 'b.md', text: 'two' },
  ]);
  expect(await answers.noteTexts()).toBe(first);
  state.index.updateText('a.md', 'one edited');
  expect(await answers.noteTexts()).toEqual([
    { path: 'a.md', text: 'one edited' },
    { path: 'b.md', text: 'two' },
  ]);
  state.index.addFile('c.md', 'three');
  expect((await answers.noteTexts()).map((note) => note.path)).toEqual(['a.md', 'b.md', 'c.md']);
});
