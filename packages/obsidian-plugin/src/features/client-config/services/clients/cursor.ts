import { bearer, json, type ClientContext, type ClientGenerator } from './client-snippet.ts';

/** The server's entry in Cursor's mcp.json, and the config its install link carries. */
export function cursorServer(context: ClientContext): {
  url: string;
  headers: Record<string, string>;
} {
  return { url: context.url, headers: { Authorization: bearer(context) } };
}

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
          [context.serverName]: cursorServer(context),
        },
      }),
    },
  ],
};
