/**
 * What `serve` tells the terminal about the index it builds while already serving: on a TTY a
 * progress line rewritten in place (notes done of the total, the time left), then one line when
 * the index is ready (or why it failed) on any stream. A server whose index failed keeps
 * serving; its calls answer `index_failed` with the same reason.
 */
import type { VaultIndexing } from '@mcp-connector/obsidian-plugin/host';
import { buildingSentence } from '@mcp-connector/obsidian-plugin/connector';

const REFRESH_MS = 200;

interface Output {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function reportIndexing(indexing: VaultIndexing, output: Output): void {
  const ticker =
    output.isTTY === true
      ? setInterval(
          () => output.write(`\r${buildingSentence(indexing.status())}\x1b[K`),
          REFRESH_MS,
        )
      : null;
  ticker?.unref();
  const end = (line: string) => {
    if (ticker !== null) clearInterval(ticker);
    output.write(`${output.isTTY === true ? '\r\x1b[K' : ''}${line}\n`);
  };
  indexing.ready().then(
    () => end(readyLine(indexing)),
    (error: unknown) => end(`The vault could not be indexed: ${(error as Error).message}`),
  );
}

function readyLine(indexing: VaultIndexing): string {
  const { total, fromCache, parsedInThreads, elapsedMs } = indexing.status();
  const sources = [
    ...(fromCache > 0 ? [`${fromCache.toLocaleString('en-US')} from the cache`] : []),
    ...(parsedInThreads !== undefined
      ? [`${parsedInThreads.toLocaleString('en-US')} parsed in worker threads`]
      : []),
  ];
  const from = sources.length > 0 ? ` (${sources.join(', ')})` : '';
  return `Vault indexed: ${(total ?? 0).toLocaleString('en-US')} notes in ${(elapsedMs / 1000).toFixed(1)} s${from}.`;
}
