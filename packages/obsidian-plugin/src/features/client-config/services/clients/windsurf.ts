import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * Windsurf (Cascade): a remote server's address is `serverUrl`, not `url`.
 * https://docs.windsurf.com/windsurf/cascade/mcp
 */
export const windsurf: ClientGenerator = {
  id: 'windsurf',
  name: 'Windsurf',
  docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
  where: '~/.codeium/windsurf/mcp_config.json (MCP toolbar, Configure).',
  snippets: (context) => [
    {
      title: 'mcp_config.json',
      language: 'json',
      text: json({
        mcpServers: {
          [context.serverName]: {
            serverUrl: context.url,
            headers: { Authorization: bearer(context) },
          },
        },
      }),
    },
  ],
};
