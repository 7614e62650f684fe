/**
 * `bun scripts/bench/disk-use.ts [notes...]`: what a served vault keeps inside the vault and in
 * its device home (ADR-0033), for the test vault and generated vaults (default: 10,000 notes).
 * Each vault is copied to a temp folder and served headless under a temp HOME (so the device
 * home is fresh): the index is built, one search_vault_smart starts the semantic index (its
 * build is not waited for: its figure is what was written by then), 50 notes are written (the
 * change journal), then the server stops and every folder is measured.
 */
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deviceHomeOf } from '../../packages/shared/src/index.ts';
import { heldHere } from '../../packages/shared/src/index.ts';
import { serveVault } from '../../packages/headless/src/serve.ts';
import { connectMcpClient, TEST_VAULT } from '../../packages/headless/src/test-support/index.ts';
import { benchVault } from './bench-vaults.ts';

async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }).catch(
    () => [],
  )) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const mb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function measure(source: string, label: string): Promise<void> {
  const home = await mkdtemp(join(tmpdir(), 'mcp-disk-home-'));
  process.env.HOME = home;
  for (const name of ['XDG_STATE_HOME', 'XDG_CACHE_HOME']) delete process.env[name];
  const root = join(home, 'vault');
  await cp(source, root, { recursive: true });
  await rm(join(root, '.obsidian', 'plugins', 'local-mcp-server'), {
    recursive: true,
    force: true,
  });
  const notes = await bytesUnder(root);
  const server = await serveVault({ vault: root, port: 0, semantic: { onProgress: () => {} } });
  if (server.defaultToken === null) throw new Error('The server refused its settings.');
  const secret = heldHere(server.defaultToken).secret;
  const client = await connectMcpClient(new URL(server.url), secret, 'modern');
  await client.callTool({ name: 'search_vault_smart', arguments: { query: 'garden tools' } });
  for (let index = 0; index < 50; index++)
    await client.callTool({
      name: 'create_vault_file',
      arguments: { path: `Inbox/disk-use-${index}.md`, content: `# ${index}\n\nA note.\n` },
    });
  await client.close();
  await server.close();
  const device = deviceHomeOf(root);
  const plugin = join(root, '.obsidian', 'plugins', 'local-mcp-server');
  const rows = [
    ['notes (the vault without .obsidian/plugins/local-mcp-server)', notes],
    ['in the vault: .obsidian/plugins/local-mcp-server', await bytesUnder(plugin)],
    ['device state (secrets, usage, journal)', await bytesUnder(device.state)],
    ['  of which the change journal', await bytesUnder(device.changeJournal)],
    ['device cache (metadata cache, text store, semantic index)', await bytesUnder(device.cache)],
    ['  of which the semantic index', await bytesUnder(device.semanticIndex)],
  ] as const;
  console.log(`\n${label} (${relative(home, root)})`);
  for (const [what, bytes] of rows) console.log(`  ${what.padEnd(62)} ${mb(bytes)}`);
  await rm(home, { recursive: true, force: true });
}

const sizes = process.argv.slice(2).map(Number);
await measure(TEST_VAULT, 'the test vault');
for (const notes of sizes.length > 0 ? sizes : [10_000])
  await measure((await benchVault(notes)).root, `${notes} generated notes`);
process.exit(0);
