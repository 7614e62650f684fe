import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';

export const getServerInfo = defineTool({
  name: 'get_server_info',
  title: 'Server info',
  description:
    'Server and vault name, version, host (plugin or headless), protocol revisions, tool count.',
  input: type({}),
  annotations: READ_ONLY,
  handler: async (_args, ctx) => ({
    name: ctx.server.name,
    version: ctx.server.version,
    vault: ctx.host.vaultName,
    host: ctx.server.hostKind,
    protocolRevisions: ctx.server.protocolRevisions,
    toolCount: ctx.visibleToolCount,
  }),
});
