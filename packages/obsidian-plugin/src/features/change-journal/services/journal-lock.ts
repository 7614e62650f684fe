/**
 * The change journal's lock between processes (ADR-0030): `journal.lock` in the journal's
 * folder (a ProcessLock), held while a process writes the journal, so that servers sharing a
 * vault (Obsidian with a headless server, or several stdio servers, one per client) take turns:
 * each catches up with what the others wrote before it writes. A live holder is waited for up to
 * `waitMs` (30 s by default), then the call fails with `journal_busy`.
 */
import { ProcessLock, ToolError } from '@mcp-connector/shared';
import { join } from 'node:path';

const JOURNAL_LOCK_FILE = 'journal.lock';
/** How long a call waits for another process's turn before it fails. */
const DEFAULT_WAIT_MS = 30_000;

export function journalLock(folder: string, waitMs = DEFAULT_WAIT_MS): ProcessLock {
  return new ProcessLock(join(folder, JOURNAL_LOCK_FILE), { waitMs, busy });
}

function busy(holderPid: number | null): ToolError {
  const who =
    holderPid === null ? 'Another Local MCP Server' : `Local MCP Server process ${holderPid}`;
  return new ToolError(
    'journal_busy',
    `${who} has been writing this vault's change journal for a long time; nothing was changed. Try again in a moment. If no other Local MCP Server runs on this vault, delete change-journal/journal.lock beside data.json.`,
    holderPid === null ? {} : { pid: holderPid },
  );
}
