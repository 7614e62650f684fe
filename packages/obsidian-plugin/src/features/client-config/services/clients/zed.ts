import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * Zed: a remote server under `context_servers` in Zed's settings.json, with `url` and `headers`
 * (no `command`, no `type`). https://zed.dev/docs/ai/mcp
 */
export const zed: ClientGenerator = {
  id: 'zed',
  name: 'Zed',
  docs: 'https://zed.dev/docs/ai/mcp',
  where: "Zed's settings.json (zed: open settings file): merge into context_servers.",
  snippets: (context) => [
    {
      title: 'settings.json',
      language: 'json',
      text: json({
        context_servers: {
          [context.serverName]: { url: context.url, headers: { Authorization: bearer(context) } },
        },
      }),
    },
  ],
};
