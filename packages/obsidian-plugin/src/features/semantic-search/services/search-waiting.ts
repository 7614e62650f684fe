/**
 * What a query says while no index can answer it: it waits a little for the index (telling the
 * caller's progress token how far the build is), then fails with `index_building` and the
 * numbers to retry with, or `unsupported` naming the fix (wording: progress-lines.ts).
 */
import { ToolError } from '@mcp-connector/shared';
import { clearTimeout, setTimeout } from 'node:timers';
import type { IndexStatus } from './index-status.ts';
import { progressLine } from './progress-lines.ts';
import type { SemanticIndex } from './semantic-index.ts';

export type ProgressReporter = (progress: number, total: number, message: string) => void;

/** Resolves when the index is ready or failed, or after `ms`; reports progress meanwhile. */
export async function waitForIndex(
  index: SemanticIndex,
  ms: number,
  report?: ProgressReporter,
): Promise<void> {
  const tell = (status: IndexStatus) =>
    report?.(status.filesIndexed, status.filesTotal, progressLine(status));
  tell(index.status());
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    const stop = index.watch((status) => {
      tell(status);
      if (status.state === 'ready' || status.state === 'failed') finish();
    });
    function finish() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

export function building(status: IndexStatus): ToolError {
  const { filesIndexed, filesTotal, percent, retryAfterSeconds, notesPerSecond } = status;
  return new ToolError(
    'index_building',
    `The semantic index is still being built (${filesIndexed} of ${filesTotal} notes, ${percent}%). Call search_vault_smart again in about ${retryAfterSeconds} s, or use search_vault_simple meanwhile.`,
    { filesIndexed, filesTotal, percent, retryAfterSeconds, notesPerSecond },
  );
}

export function off(): ToolError {
  return new ToolError(
    'unsupported',
    'Semantic search is turned off; turn it on in the Local MCP Server settings (Semantic search), or use search_vault_simple.',
  );
}

export function unavailable(reason: string): ToolError {
  return new ToolError(
    'unsupported',
    `Semantic search is unavailable: ${reason.replace(/\.?$/, '.')} Use search_vault_simple meanwhile.`,
    { reason },
  );
}
