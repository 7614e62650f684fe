import { json, type ClientGenerator } from './client-snippet.ts';
import { mcpRemoteServer } from './mcp-remote.ts';

/**
 * JetBrains AI Assistant: its documentation gives stdio as the one transport (a `command`,
 * `args`, `env` entry under `mcpServers`, pasted "As JSON"), so the server is reached through
 * mcp-remote. https://www.jetbrains.com/help/ai-assistant/mcp.html
 */
export const jetbrains: ClientGenerator = {
  id: 'jetbrains',
  name: 'JetBrains AI Assistant',
  docs: 'https://www.jetbrains.com/help/ai-assistant/mcp.html',
  where:
    'Settings, Tools, AI Assistant, Model Context Protocol (MCP): Add, As JSON (needs Node.js and npx).',
  snippets: (context) => [
    {
      title: 'MCP server JSON',
      language: 'json',
      text: json({ mcpServers: { [context.serverName]: mcpRemoteServer(context) } }),
    },
  ],
};
