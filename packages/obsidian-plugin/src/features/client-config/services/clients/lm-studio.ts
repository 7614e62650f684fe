import { json, type ClientGenerator } from './client-snippet.ts';
import { cursorServer } from './cursor.ts';

/**
 * LM Studio: mcp.json "follows Cursor's mcp.json notation": `url` and `headers` under
 * `mcpServers`. https://lmstudio.ai/docs/app/mcp
 */
export const lmStudio: ClientGenerator = {
  id: 'lm-studio',
  name: 'LM Studio',
  docs: 'https://lmstudio.ai/docs/app/mcp',
  where: 'mcp.json (Program tab in the right-hand sidebar, Install, Edit mcp.json).',
  snippets: (context) => [
    {
      title: 'mcp.json',
      language: 'json',
      text: json({ mcpServers: { [context.serverName]: cursorServer(context) } }),
    },
  ],
};
