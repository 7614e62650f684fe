/**
 * Calls that need the vault index while it is still being built (a headless server listens from
 * its first second): they wait for it up to `waitMs` (reporting progress to a caller that asked
 * for it), then, if it is still building, answer `index_building` with how far it is, so the
 * agent knows to call again instead of reading a half-built vault. A build that failed answers
 * `index_failed` with the reason. Tools marked `indexFree` (get_server_info, ...) never wait.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ToolFailure } from '@mcp-connector/shared';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import type { IndexStatus, VaultIndexing } from '../../../host/index-status.ts';

/** How long a call waits for the index before answering `index_building`. */
export const INDEX_WAIT_MS = 10_000;
const PROGRESS_EVERY_MS = 1000;

/** Null once the index is ready; else the status to answer with (still building, or failed). */
export async function awaitIndex(
  indexing: VaultIndexing,
  waitMs: number,
  onProgress: (status: IndexStatus) => void = () => undefined,
): Promise<IndexStatus | null> {
  if (indexing.status().state === 'ready') return null;
  await new Promise<void>((resolve) => {
    const ticker = setInterval(() => onProgress(indexing.status()), PROGRESS_EVERY_MS);
    const timer = setTimeout(finish, waitMs);
    indexing.ready().then(finish, finish); // a failure: the status says why
    function finish() {
      clearTimeout(timer);
      clearInterval(ticker);
      resolve();
    }
  });
  const status = indexing.status();
  return status.state === 'ready' ? null : status;
}

export function indexFailure(status: IndexStatus): ToolFailure {
  if (status.state === 'failed')
    return {
      code: 'index_failed',
      message: `The vault could not be indexed (${status.error ?? 'unknown error'}); the server must be restarted once that is fixed.`,
    };
  const retryAfterSeconds = status.etaMs === null ? 2 : Math.max(1, Math.ceil(status.etaMs / 1000));
  return {
    code: 'index_building',
    message: `${buildingSentence(status)} Call again in about ${retryAfterSeconds} s; get_server_info shows the progress.`,
    details: {
      done: status.done,
      total: status.total,
      etaMs: status.etaMs,
      retryAfterSeconds,
      ...(status.phase !== undefined && { phase: status.phase }),
    },
  };
}

/** The same refusal for requests that are not tool calls (prompts/list, prompts/get). */
export function indexProtocolError(status: IndexStatus): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InternalError, indexFailure(status).message);
}

/** "The vault index is being built: 45,000 of 100,000 notes, about 6 s left." */
export function buildingSentence(status: IndexStatus): string {
  if (status.total === null) return 'The vault index is being built: listing the folders.';
  const count = `${status.done.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} notes`;
  const left =
    status.etaMs === null ? '' : `, about ${Math.max(1, Math.ceil(status.etaMs / 1000))} s left`;
  return `The vault index is being built: ${count}${left}.`;
}
