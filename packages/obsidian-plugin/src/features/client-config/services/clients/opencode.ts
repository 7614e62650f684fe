import { bearer, json, type ClientContext, type ClientGenerator } from './client-snippet.ts';

/** A remote server with a bearer header: `oauth: false`, or OpenCode tries OAuth on a 401. */
function remoteServer(context: ClientContext): Record<string, unknown> {
  return {
    type: 'remote',
    url: context.url,
    oauth: false,
    headers: { Authorization: bearer(context) },
  };
}

/**
 * OpenCode: `"type": "remote"`, `url`, `headers` and `oauth: false` (header authentication, no
 * OAuth discovery). OpenCode 2 lists servers under `mcp.servers`
 * (https://opencode.ai/v2/docs/mcp-servers); OpenCode 1 directly under `mcp`
 * (https://opencode.ai/docs/mcp-servers/), so both forms are offered.
 */
export const opencode: ClientGenerator = {
  id: 'opencode',
  name: 'OpenCode',
  docs: 'https://opencode.ai/docs/mcp-servers/',
  where: 'Merge into ~/.config/opencode/opencode.json (every project) or a project opencode.json.',
  snippets: (context) => [
    {
      title: 'opencode.json (OpenCode 2)',
      language: 'json',
      text: json({ mcp: { servers: { [context.serverName]: remoteServer(context) } } }),
    },
    {
      title: 'opencode.json (OpenCode 1)',
      language: 'json',
      text: json({ mcp: { [context.serverName]: { ...remoteServer(context), enabled: true } } }),
    },
  ],
};
