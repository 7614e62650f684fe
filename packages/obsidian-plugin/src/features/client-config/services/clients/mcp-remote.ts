import { bearer, json, type ClientContext, type ClientGenerator } from './client-snippet.ts';

/** Pinned: a config keeps working the same way until the user chooses to update it. */
export const MCP_REMOTE_VERSION = '0.15.1';

/** A stdio server entry (`command`, `args`, `env`) that relays to the endpoint through mcp-remote. */
export function mcpRemoteServer(context: ClientContext): {
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  return {
    command: 'npx',
    args: [
      '-y',
      `mcp-remote@${MCP_REMOTE_VERSION}`,
      context.url,
      '--header',
      'Authorization:${AUTH_HEADER}',
      '--transport',
      'http-only',
    ],
    env: { AUTH_HEADER: bearer(context) },
  };
}

/**
 * mcp-remote, for clients that only start stdio servers. The header is passed through an env
 * variable with no space in the argument (`Authorization:${AUTH_HEADER}`), the form its README
 * gives for Windows, where spaces in args are mangled; `--transport http-only` so a refused
 * token is not retried as SSE. https://github.com/geelen/mcp-remote#custom-headers
 */
export const mcpRemote: ClientGenerator = {
  id: 'mcp-remote',
  name: 'mcp-remote (stdio-only clients)',
  docs: 'https://github.com/geelen/mcp-remote#custom-headers',
  where: "The client's stdio server list (needs Node.js and npx).",
  snippets: (context) => [
    {
      title: 'mcpServers entry',
      language: 'json',
      text: json({ mcpServers: { [context.serverName]: mcpRemoteServer(context) } }),
    },
  ],
};
