/**
 * The change journal in the built main.js, in the simulated Obsidian: after an AI client changes
 * more than one file a notice offers Undo, and it works; the palette command opens the Recent AI
 * changes view in the right sidebar, which lists each change (client, tool, files) and undoes
 * and redoes it. The list itself is clicked through in Chromium (scripts/ui).
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor, firstTokenSecret } from '@mcp-connector/shared/test-support';
import { loadPlugin, type LoadedPlugin } from './load-plugin.ts';
import { buildMainJs, type BuiltPlugin } from './test-support/built-plugin.ts';
import { PLUGIN_DATA, makeSimVault, type SimVault } from './test-support/sim-vault.ts';

let built: BuiltPlugin;
let vault: SimVault | null = null;
let loaded: LoadedPlugin | null = null;
let client: Client | null = null;

beforeAll(async () => {
  built = await buildMainJs();
});
afterAll(() => built.remove());
afterEach(async () => {
  await client?.close();
  client = null;
  await loaded?.unload();
  loaded = null;
  await vault?.remove();
  vault = null;
});

async function start() {
  vault = await makeSimVault({
    '.obsidian/app.json': '{"trashOption": "local"}',
    'Inbox.md': '# Inbox\n',
  });
  loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs });
  const serving = await loaded.waitForNotice(/serving at/);
  const secret = await firstTokenSecret(vault.root, PLUGIN_DATA);
  client = new Client({ name: 'obsidian-sim-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serving.slice(serving.indexOf('http'))), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  return { vault, loaded, client };
}

const exists = (root: string, path: string) =>
  access(join(root, path)).then(
    () => true,
    () => false,
  );

const batch = {
  operations: [
    { op: 'create', path: 'Plans/One.md', content: '# One\n' },
    { op: 'create', path: 'Plans/Two.md', content: '# Two\n' },
    { op: 'append', path: 'Inbox.md', content: '- [[One]] and [[Two]]' },
  ],
};

test('a multi-file change shows a notice whose Undo puts every file back', async () => {
  const { vault, loaded, client } = await start();
  await client.callTool({ name: 'edit_vault_files', arguments: batch });
  await loaded.waitForNotice(/changed 3 files/);
  expect(loaded.notices).toContain('Default changed 3 files (edit_vault_files). Undo');
  const undo = loaded.app.notices.containerEl.querySelector<HTMLButtonElement>(
    '.mcp-connector-notice-undo',
  );
  undo?.click();
  await loaded.waitForNotice(/Undone: 3 files put back/);
  expect(await exists(vault.root, 'Plans/One.md')).toBe(false);
  expect(await readFile(join(vault.root, 'Inbox.md'), 'utf8')).toBe('# Inbox\n');
  const oneFile = await client.callTool({
    name: 'append_to_vault_file',
    arguments: { path: 'Inbox.md', content: 'one file only' },
  });
  expect(oneFile.isError).toBeFalsy();
  expect(loaded.notices.filter((notice) => notice.includes('changed'))).toHaveLength(1);
});

test('the command opens Recent AI changes: each change listed, undone and redone from its row', async () => {
  const { vault, loaded, client } = await start();
  await client.callTool({ name: 'edit_vault_files', arguments: batch });
  expect(loaded.runCommand('show-recent-ai-changes')).toBe(true);
  const view = () =>
    loaded.app.dom.document.querySelector<HTMLElement>('.mod-right-split .view-content');
  await waitFor(() => view()?.querySelector('.mcp-connector-change') != null, 'a row shows');
  const row = () => view()?.querySelector<HTMLElement>('.mcp-connector-change');
  expect(row()?.querySelector('.mcp-connector-change-token')?.textContent).toBe('Default');
  expect(row()?.querySelector('.mcp-connector-change-tool')?.textContent).toBe('edit_vault_files');
  expect(row()?.querySelector('.mcp-connector-change-files')?.textContent).toBe(
    'Plans/One.md, Plans/Two.md, Inbox.md',
  );
  row()?.querySelector<HTMLButtonElement>('button')?.click();
  await waitFor(
    () => view()?.querySelectorAll('.mcp-connector-change').length === 2,
    'the undo is listed',
  );
  expect(await exists(vault.root, 'Plans/Two.md')).toBe(false);
  const undone = view()?.querySelectorAll<HTMLElement>('.mcp-connector-change')[1];
  expect(undone?.classList.contains('is-undone')).toBe(true);
  expect(view()?.querySelector('.mcp-connector-change-token')?.textContent).toBe(
    'You, in Obsidian',
  );
  undone?.querySelector<HTMLButtonElement>('button')?.click();
  await waitFor(() => exists(vault.root, 'Plans/Two.md'), 'redo brings the files back');
  expect(await readFile(join(vault.root, 'Plans/One.md'), 'utf8')).toBe('# One\n');
});
