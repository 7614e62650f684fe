import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * Gemini CLI: streamable HTTP is `httpUrl` (`url` means SSE), with `headers`; or
 * `gemini mcp add --transport http`. https://geminicli.com/docs/tools/mcp-server/
 */
export const gemini: ClientGenerator = {
  id: 'gemini',
  name: 'Gemini CLI',
  docs: 'https://geminicli.com/docs/tools/mcp-server/',
  where: 'Run the command, or merge the JSON into ~/.gemini/settings.json.',
  snippets: (context) => [
    {
      title: 'Command',
      language: 'sh',
      text: `gemini mcp add --scope user --transport http --header "Authorization: ${bearer(context)}" ${context.serverName} ${context.url}\n`,
    },
    {
      title: 'settings.json',
      language: 'json',
      text: json({
        mcpServers: {
          [context.serverName]: {
            httpUrl: context.url,
            headers: { Authorization: bearer(context) },
          },
        },
      }),
    },
  ],
};
