import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * Cline: a remote server with `"type": "streamableHttp"`, `url` and `headers`.
 * https://docs.cline.bot/mcp/connecting-to-a-remote-server
 */
export const cline: ClientGenerator = {
  id: 'cline',
  name: 'Cline',
  docs: 'https://docs.cline.bot/mcp/connecting-to-a-remote-server',
  where: 'cline_mcp_settings.json (MCP Servers, Configure, Configure MCP Servers).',
  snippets: (context) => [
    {
      title: 'cline_mcp_settings.json',
      language: 'json',
      text: json({
        mcpServers: {
          [context.serverName]: {
            type: 'streamableHttp',
            url: context.url,
            headers: { Authorization: bearer(context) },
            disabled: false,
          },
        },
      }),
    },
  ],
};
