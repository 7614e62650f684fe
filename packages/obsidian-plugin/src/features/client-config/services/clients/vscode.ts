import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * VS Code (Copilot agent mode): top-level `servers`, each HTTP server with `"type": "http"`.
 * https://code.visualstudio.com/docs/copilot/reference/mcp-configuration
 */
export const vscode: ClientGenerator = {
  id: 'vscode',
  name: 'VS Code',
  docs: 'https://code.visualstudio.com/docs/copilot/reference/mcp-configuration',
  where: '.vscode/mcp.json in a workspace, or the user mcp.json (MCP: Open User Configuration).',
  snippets: (context) => [
    {
      title: 'mcp.json',
      language: 'json',
      text: json({
        servers: {
          [context.serverName]: {
            type: 'http',
            url: context.url,
            headers: { Authorization: bearer(context) },
          },
        },
      }),
    },
  ],
};
