/**
 * A vault indexed for the evaluation and benchmark scripts: a temp copy of `source` opened with
 * NodeHost, one provider's SemanticIndex built over it. The index folder can be kept between
 * runs (`indexDirectory`), in which case a second run re-embeds nothing, by design.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import {
  SemanticIndex,
  type EmbeddingProvider,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';

export interface IndexedVault {
  host: NodeHost;
  index: SemanticIndex;
  buildMs: number;
  close(): Promise<void>;
}

export async function indexVault(
  source: string,
  provider: EmbeddingProvider,
  indexDirectory?: string,
): Promise<IndexedVault> {
  const vault = await copyVault(source);
  const host = await NodeHost.open(vault.root, { watch: false });
  const directory = indexDirectory ?? (await mkdtemp(join(tmpdir(), 'semantic-index-')));
  const index = new SemanticIndex({ host, provider, directory });
  const started = performance.now();
  await index.start();
  const buildMs = performance.now() - started;
  const status = index.status();
  if (status.state !== 'ready') throw new Error(`index failed: ${status.error ?? status.state}`);
  return {
    host,
    index,
    buildMs,
    async close() {
      await index.close();
      await host.close();
      await vault.remove();
      if (indexDirectory === undefined) await rm(directory, { recursive: true, force: true });
    },
  };
}
