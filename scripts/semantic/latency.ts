/**
 * `bun run bench:semantic:latency [--vault DIR] [--in-process]`: what a client waits for while
 * semantic search builds its index from scratch (issue 15). The headless server over a temp
 * copy of the vault (the test vault by default) with the offline model, as `serve` composes it
 * (embedding in a worker thread); the official MCP client calls get_server_info in a loop and
 * renames a note every 3 s until the build is done, then prints p50/p95 of get_server_info
 * and every rename's latency. `--in-process` runs the same model on the request thread (the
 * code before issue 15) for comparison. Targets: p95 < 50 ms, a rename < 1 s.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveVault } from '../../packages/headless/src/serve.ts';
import { threadEmbedders } from '../../packages/headless/src/semantic/thread-embedders.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import {
  inProcessEmbedders,
  offlineModel,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { formatMs, summarize } from '../bench/measure.ts';

const RENAME_EVERY_MS = 3000;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const vaultAt = args.indexOf('--vault');
  const inProcess = args.includes('--in-process');
  const vault = await copyVault(...(vaultAt === -1 ? [] : [args[vaultAt + 1] as string]));
  const embedders = inProcess ? inProcessEmbedders() : threadEmbedders();
  const server = await serveVault({
    vault: vault.root,
    portRange: [0],
    semantic: {
      createProvider: () => offlineModel(embedders),
      queryWaitMs: 0,
      onProgress: () => undefined,
    },
  });
  const client = new Client({ name: 'latency-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { Authorization: `Bearer ${server.defaultToken?.secret ?? ''}` } },
    }),
  );
  try {
    const notes = server.nodeHost
      .listFiles()
      .filter((file) => file.extension === 'md')
      .map((file) => file.path);
    const started = performance.now();
    const first = await client.callTool({
      name: 'search_vault_smart',
      arguments: { query: 'tasks' },
    });
    if (!first.isError) throw new Error('the index was already built; nothing to measure');
    const info: number[] = [];
    const renames: number[] = [];
    let lastRename = performance.now();
    for (;;) {
      const status = await client.callTool({
        name: 'search_vault_smart',
        arguments: { query: 'x' },
      });
      if (!status.isError) break;
      const at = performance.now();
      await client.callTool({ name: 'get_server_info', arguments: {} });
      info.push(performance.now() - at);
      if (performance.now() - lastRename > RENAME_EVERY_MS && notes.length > 0) {
        const from = notes.shift() as string;
        const begin = performance.now();
        const renamed = await client.callTool({
          name: 'rename_vault_file',
          arguments: { from, to: from.replace(/[^/]+$/, (name) => `Renamed ${name}`) },
        });
        if (renamed.isError) throw new Error(`rename failed: ${JSON.stringify(renamed.content)}`);
        renames.push(performance.now() - begin);
        lastRename = performance.now();
      }
    }
    const buildSeconds = (performance.now() - started) / 1000;
    const { p50, p95 } = summarize(info);
    console.log(
      `Index build of ${server.nodeHost.listFiles().filter((f) => f.extension === 'md').length} notes with the offline model ${inProcess ? 'on the request thread (--in-process)' : 'in a worker thread'}: ${buildSeconds.toFixed(1)} s (2 shared cores)`,
    );
    console.log(
      `  get_server_info during the build: ${info.length} calls, median ${formatMs(p50)}, p95 ${formatMs(p95)}, max ${formatMs(Math.max(...info))} (target p95 < 50 ms)`,
    );
    console.log(
      `  rename_vault_file during the build: ${renames.map(formatMs).join(', ') || 'none'} (target < 1 s each)`,
    );
  } finally {
    await client.close();
    await server.close();
    await vault.remove();
  }
}

if (import.meta.main) await main();
