import { type } from 'arktype';
import type { IndexStatus } from '../../../../host/index-status.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';

export const getServerInfo = defineTool({
  name: 'get_server_info',
  title: 'Server info',
  description:
    'Server and vault name, version, host (plugin or headless), protocol revisions, tool count, index state, task tools.',
  input: () => type({}),
  annotations: READ_ONLY,
  indexFree: true,
  handler: async (_args, ctx) => ({
    name: ctx.server.name,
    version: ctx.server.version,
    vault: ctx.host.vaultName,
    host: ctx.server.hostKind,
    protocolRevisions: ctx.server.protocolRevisions,
    toolCount: ctx.visibleToolCount,
    index: indexFacts(ctx.indexStatus),
    tasks: { tools: ctx.taskTools },
  }),
});

/** The index as a client needs it: ready, or how far the build is (and why it failed). */
function indexFacts(status: IndexStatus): Record<string, unknown> {
  if (status.state === 'ready') return { state: 'ready' };
  return {
    state: status.state,
    ...(status.phase !== undefined && { phase: status.phase }),
    done: status.done,
    total: status.total,
    fromCache: status.fromCache,
    elapsedMs: status.elapsedMs,
    etaMs: status.etaMs,
    ...(status.error !== undefined && { error: status.error }),
  };
}
