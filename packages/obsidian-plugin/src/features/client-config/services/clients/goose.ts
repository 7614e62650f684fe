import { bearer, type ClientGenerator } from './client-snippet.ts';
import { yamlString } from './text-formats.ts';

/**
 * Goose: an extension of `type: streamable_http` in config.yaml, the endpoint in `uri`, the
 * header in `headers`. https://block.github.io/goose/docs/guides/config-files
 */
export const goose: ClientGenerator = {
  id: 'goose',
  name: 'Goose',
  docs: 'https://block.github.io/goose/docs/guides/config-files',
  where:
    'Merge into the extensions of ~/.config/goose/config.yaml (%APPDATA%\\Block\\goose\\config\\config.yaml on Windows).',
  snippets: (context) => [
    {
      title: 'config.yaml',
      language: 'yaml',
      text: [
        'extensions:',
        `  ${yamlString(context.serverName)}:`,
        '    type: streamable_http',
        `    name: ${yamlString(context.serverName)}`,
        '    description: Obsidian vault',
        '    enabled: true',
        `    uri: ${yamlString(context.url)}`,
        '    headers:',
        `      Authorization: ${yamlString(bearer(context))}`,
        '    envs: {}',
        '    env_keys: []',
        '    timeout: 300',
        '',
      ].join('\n'),
    },
  ],
};
