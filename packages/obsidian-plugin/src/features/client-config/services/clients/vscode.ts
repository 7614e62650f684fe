import { bearer, json, type ClientContext, type ClientGenerator } from './client-snippet.ts';

/** The server's entry in VS Code's mcp.json, and (with its name) what its install link carries. */
export function vscodeServer(context: ClientContext): {
  type: 'http';
  url: string;
  headers: Record<string, string>;
} {
  return { type: 'http', url: context.url, headers: { Authorization: bearer(context) } };
}

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
          [context.serverName]: vscodeServer(context),
        },
      }),
    },
  ],
};
