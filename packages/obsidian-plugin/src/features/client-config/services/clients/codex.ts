import { bearer, type ClientGenerator } from './client-snippet.ts';
import { tomlKey, tomlString } from './text-formats.ts';

/**
 * Codex: a `[mcp_servers.NAME]` table in config.toml with `url` and literal `http_headers`
 * (`headers` is ignored there). https://developers.openai.com/codex/mcp
 */
export const codex: ClientGenerator = {
  id: 'codex',
  name: 'Codex',
  docs: 'https://developers.openai.com/codex/mcp',
  where: '~/.codex/config.toml.',
  snippets: (context) => [
    {
      title: 'config.toml',
      language: 'toml',
      text: [
        `[mcp_servers.${tomlKey(context.serverName)}]`,
        `url = ${tomlString(context.url)}`,
        `http_headers = { Authorization = ${tomlString(bearer(context))} }`,
        '',
      ].join('\n'),
    },
  ],
};
