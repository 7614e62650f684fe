/**
 * The prompts surface of one request's MCP server: the `prompts` capability and the prompts/list
 * and prompts/get handlers over the vault as the client may see it (hidden folders guarded).
 *
 * `listChanged` is true only on the 2026-07-28 line, where a `subscriptions/listen` stream can
 * carry notifications/prompts/list_changed; the legacy line here is stateless (no stream to
 * send it on), so it truthfully says false.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { VaultHost } from '../../../host/vault-host.ts';
import { getPrompt, listPrompts } from './prompt-catalog.ts';

export function promptsCapability(era: 'legacy' | 'modern'): { listChanged: boolean } {
  return { listChanged: era === 'modern' };
}

/**
 * Registers the handlers; the server must declare the `prompts` capability. `beforeRead` runs
 * first (it waits for the vault index, or throws while it is still being built).
 */
export function registerPromptHandlers(
  server: Server,
  host: VaultHost,
  beforeRead: () => Promise<void> = async () => undefined,
): void {
  server.setRequestHandler('prompts/list', async () => {
    await beforeRead();
    return { prompts: await listPrompts(host) };
  });
  server.setRequestHandler('prompts/get', async (request) => {
    await beforeRead();
    return getPrompt(host, request.params.name, request.params.arguments);
  });
}
