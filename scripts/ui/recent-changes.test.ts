/**
 * Recent AI changes in real Chromium, clicked through as a user would, against the real change
 * journal of a real server over a temp copy of the test vault: changes made by MCP clients appear
 * with their client, tool, files and time; Undo and Redo act on the vault; an undo over a later
 * edit is refused and says why; a multi-file change brings the notice whose Undo takes it back.
 */
import { expect, test } from 'bun:test';
import { access, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { callOk } from '../../packages/headless/src/test-support/index.ts';
import { waitFor } from '../../packages/shared/src/test-support/index.ts';
import { startRecentChangesHarness } from './recent-changes-harness.ts';
import { chromiumSuite, harnessPerTest, showing } from './ui-test-support.ts';

const TIMEOUT_MS = 60_000;
const suite = chromiumSuite('the Recent AI changes Chromium tests');
const harnesses = harnessPerTest(startRecentChangesHarness);
const start = () => harnesses.start();

const exists = (root: string, path: string) =>
  access(join(root, path)).then(
    () => true,
    () => false,
  );
const text = (root: string, path: string) => readFile(join(root, path), 'utf8');

/** The vault's notes whose text holds `needle`, read from the disk. */
async function notesContaining(root: string, needle: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const notes = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
  const holding = await Promise.all(
    notes.map(async (path) => ((await text(root, path)).includes(needle) ? path : null)),
  );
  return holding.filter((path) => path !== null).sort();
}

const PLAN = 'Garden/Garden plan 2026.md';
const SCHEDULE = 'Garden/Watering schedule.md';

suite('Recent AI changes in Chromium', () => {
  test(
    'changes by MCP clients appear newest first, with client, tool, files and time',
    async () => {
      const { page, agent, cursor, vault } = await start();
      expect(await page.locator('.mcp-connector-changes-empty').textContent()).toContain(
        'No AI changes yet',
      );
      const linking = await notesContaining(vault.root, '[[Watering schedule]]');
      expect(linking.length).toBeGreaterThan(1);
      await callOk(agent, 'rename_vault_file', { from: SCHEDULE, to: 'Garden/Watering rota.md' });
      await callOk(cursor, 'append_to_vault_file', { path: PLAN, content: '- [ ] compost' });
      const rows = page.locator('.mcp-connector-change');
      await waitFor(async () => (await rows.count()) === 2, 'both changes are listed');
      const [newest, older] = [rows.nth(0), rows.nth(1)];
      expect(await newest.locator('.mcp-connector-change-token').textContent()).toBe('Cursor');
      expect(await newest.locator('.mcp-connector-change-tool').textContent()).toBe(
        'append_to_vault_file',
      );
      expect(await newest.locator('.mcp-connector-change-files').textContent()).toBe(PLAN);
      expect(await newest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await older.locator('.mcp-connector-change-token').textContent()).toBe('Default');
      // The rename rewrote the links to the schedule: the notes that held one are files of the
      // same change, listed after the moved note in the order they were written.
      const [moved, ...rewritten] = (
        (await older.locator('.mcp-connector-change-files').textContent()) ?? ''
      ).split(', ');
      expect(moved).toBe(`Garden/Watering rota.md (from ${SCHEDULE})`);
      expect(rewritten.sort()).toEqual(linking);
    },
    TIMEOUT_MS,
  );

  test(
    'Undo on a row puts the files back and is listed as the user; Redo applies it again',
    async () => {
      const { page, agent, vault } = await start();
      const before = await text(vault.root, PLAN);
      await callOk(agent, 'create_vault_file', {
        path: 'Projects/Compost heap.md',
        content: '# Compost heap\n',
      });
      await callOk(agent, 'patch_vault_file', {
        path: PLAN,
        operation: 'append',
        targetType: 'heading',
        target: 'Garden plan 2026::Jobs for the season',
        content: '- [ ] Start a compost heap',
      });
      const rows = page.locator('.mcp-connector-change');
      await waitFor(async () => (await rows.count()) === 2, 'both changes are listed');
      await rows.nth(0).getByRole('button', { name: 'Undo' }).click();
      await waitFor(async () => (await text(vault.root, PLAN)) === before, 'the note is back');
      await showing(page.locator('.notice'), 'Undone: 1 file put back.');
      await waitFor(async () => (await rows.count()) === 3, 'the undo is listed');
      expect(await rows.nth(0).locator('.mcp-connector-change-token').textContent()).toBe(
        'You, in Obsidian',
      );
      expect(await rows.nth(0).locator('.mcp-connector-change-tool').textContent()).toBe(
        'Undid a change',
      );
      const undone = rows.nth(1);
      expect(await undone.getAttribute('class')).toContain('is-undone');
      await undone.getByRole('button', { name: 'Redo' }).click();
      await waitFor(
        async () => (await text(vault.root, PLAN)).includes('Start a compost heap'),
        'the patch is back',
      );
      expect(await exists(vault.root, 'Projects/Compost heap.md')).toBe(true);
    },
    TIMEOUT_MS,
  );

  test(
    'an undo over a later edit is refused, names the file, and changes nothing',
    async () => {
      const { page, agent, cursor, vault } = await start();
      await callOk(agent, 'append_to_vault_file', { path: PLAN, content: 'first' });
      await callOk(cursor, 'append_to_vault_file', { path: PLAN, content: 'second' });
      const rows = page.locator('.mcp-connector-change');
      await waitFor(async () => (await rows.count()) === 2, 'both changes are listed');
      const after = await text(vault.root, PLAN);
      await rows.nth(1).getByRole('button', { name: 'Undo' }).click();
      await showing(
        page.locator('.notice'),
        /Nothing was undone: Garden\/Garden plan 2026\.md changed since/,
      );
      expect(await text(vault.root, PLAN)).toBe(after);
      expect(await rows.count()).toBe(2);
    },
    TIMEOUT_MS,
  );

  test(
    'a multi-file change brings a notice whose Undo takes the whole change back',
    async () => {
      const { page, agent, vault } = await start();
      const home = await text(vault.root, 'Home.md');
      await callOk(agent, 'edit_vault_files', {
        operations: [
          { op: 'create', path: 'Projects/Orchard.md', content: '# Orchard\n' },
          { op: 'append', path: 'Home.md', content: 'See [[Orchard]].' },
        ],
      });
      const notice = page
        .locator('.notice')
        .filter({ hasText: 'Default changed 2 files (edit_vault_files).' });
      await notice.waitFor();
      await notice.getByRole('button', { name: 'Undo' }).click();
      await waitFor(
        async () => !(await exists(vault.root, 'Projects/Orchard.md')),
        'the note is gone',
      );
      expect(await text(vault.root, 'Home.md')).toBe(home);
      await showing(page.locator('.notice'), 'Undone: 2 files put back.');
      await notice.waitFor({ state: 'detached' });
    },
    TIMEOUT_MS,
  );
});
