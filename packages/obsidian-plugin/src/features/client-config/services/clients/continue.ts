import { bearer, type ClientGenerator } from './client-snippet.ts';
import { yamlString } from './text-formats.ts';

/**
 * Continue: a YAML block in .continue/mcpServers/, `type: streamable-http`, headers under
 * `requestOptions`. https://docs.continue.dev/customize/deep-dives/mcp
 */
export const continueDev: ClientGenerator = {
  id: 'continue',
  name: 'Continue',
  docs: 'https://docs.continue.dev/customize/deep-dives/mcp',
  where: 'A file in .continue/mcpServers/ of the workspace, such as obsidian.yaml (agent mode).',
  snippets: (context) => [
    {
      title: `.continue/mcpServers/${context.serverName}.yaml`,
      language: 'yaml',
      text: [
        `name: ${yamlString(`Obsidian (${context.serverName})`)}`,
        'version: 0.0.1',
        'schema: v1',
        'mcpServers:',
        `  - name: ${yamlString(context.serverName)}`,
        '    type: streamable-http',
        `    url: ${yamlString(context.url)}`,
        '    requestOptions:',
        '      headers:',
        `        Authorization: ${yamlString(bearer(context))}`,
        '',
      ].join('\n'),
    },
  ],
};
