import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/** Cursor: `url` and `headers` under `mcpServers`. https://cursor.com/docs/context/mcp */
export const cursor: ClientGenerator = {
  id: 'cursor',
  name: 'Cursor',
  docs: 'https://cursor.com/docs/context/mcp',
  where: '~/.cursor/mcp.json (every project) or .cursor/mcp.json (one project).',
  snippets: (context) => [
    {
      title: 'mcp.json',
      language: 'json',
      text: json({
        mcpServers: {
          [context.serverName]: { url: context.url, headers: { Authorization: bearer(context) } },
        },
      }),
    },
  ],
};
