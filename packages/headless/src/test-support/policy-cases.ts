/**
 * The two policy cases every tool's end-to-end tests check on their own server: a folder hidden
 * for a while (the server behaves as if it were deleted), and a client whose token is read-only
 * (every write refused). Both go through the settings file, so they work on every target.
 */
import type { Client } from '@modelcontextprotocol/client';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { McpTestServer } from './mcp-test-server.ts';
import type { ProtocolLine } from './test-clients.ts';

/** Runs `check` while `folders` are hidden, then shows them again (even when `check` fails). */
export async function whileHidden<T>(
  t: McpTestServer,
  folders: string[],
  check: () => Promise<T>,
): Promise<T> {
  await t.settings.updateSlice('hiddenFolders', () => folders);
  try {
    return await check();
  } finally {
    await t.settings.updateSlice('hiddenFolders', () => []);
  }
}

let readers = 0;

/** A client on `line` holding a new read-only token (a server holds at most 10 tokens). */
export async function readOnlyClient(t: McpTestServer, line: ProtocolLine): Promise<Client> {
  readers++;
  const token = await addToken(t.settings, `reader ${readers}`, { readOnly: true });
  return t.connect(line, token.secret);
}
