import { bearer, json, type ClientGenerator } from './client-snippet.ts';

/**
 * Claude Code: `claude mcp add --transport http NAME URL --header "..."` (options before the
 * name; `--header` after the URL, since it takes several values), and the same server as JSON
 * for `claude mcp add-json` or a project's .mcp.json. https://code.claude.com/docs/en/mcp
 */
export const claudeCode: ClientGenerator = {
  id: 'claude-code',
  name: 'Claude Code',
  docs: 'https://code.claude.com/docs/en/mcp',
  where: "Run the command in a terminal, or put the JSON in a project's .mcp.json.",
  snippets: (context) => [
    {
      title: 'Command',
      language: 'sh',
      text: `claude mcp add --transport http --scope user ${context.serverName} ${context.url} --header "Authorization: ${bearer(context)}"\n`,
    },
    {
      title: '.mcp.json',
      language: 'json',
      text: json({
        mcpServers: {
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
