/**
 * Builds the MCP server instance for one request. Nothing survives the request: the instance is
 * made from the caller's scope, answers, and is dropped. The SDK's handler decides the protocol
 * line (2026-07-28 or the legacy handshake line) and calls this factory for either.
 */
import { Server } from '@modelcontextprotocol/server';
import type {
  CallToolRequest,
  CallToolResult,
  ListToolsResult,
  McpRequestContext,
  ServerContext,
  ServerNotifier,
} from '@modelcontextprotocol/server';
import type { VaultIndexing } from '../../../host/index-status.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { ChangeAccess, ToolPermit } from '../../change-journal/index.ts';
import { appResourcesCapability, registerAppResourceHandlers } from '../../mcp-apps/index.ts';
import type { Operations, TaskStore } from '../../long-work/index.ts';
import { toolListing, type CommandGate, type ServerFacts } from '../../mcp-tools/index.ts';
import { promptsCapability, registerPromptHandlers } from '../../prompts/index.ts';
import type { SemanticSearch } from '../../semantic-search/index.ts';
import type { RequestPolicy } from '../../tool-policy/index.ts';
import { awaitIndex, indexProtocolError } from './index-gate.ts';
import { callerTokenId } from './caller-token.ts';
import { callOnLine } from './task-calls.ts';
import { registerTaskHandlers, tasksCapability } from './tasks.ts';

/** The standard tool handlers of one request's server, handed to an extension to build on. */
export interface ToolHandlers {
  listTools: () => ListToolsResult;
  callTool: (request: CallToolRequest, ctx: ServerContext) => Promise<CallToolResult>;
}

/** Adds to a request's server; only the conformance run uses this, never the plugin. */
export type ServerExtension = (
  server: Server,
  handlers: ToolHandlers,
  request: McpRequestContext,
  /** Publishes list-changed events to open 2026-07-28 listen streams. */
  notify: ServerNotifier,
) => void;

export interface McpSurface {
  facts: ServerFacts;
  /** The vault as clients may see it (hidden folders already guarded). */
  host: VaultHost;
  /** How far the host's index is; calls that need it wait up to `indexWaitMs` (index-gate.ts). */
  indexing: VaultIndexing;
  indexWaitMs: number;
  commandGate: CommandGate;
  semanticSearch: SemanticSearch | null;
  hiddenFoldersActive(): boolean;
  /** The caller's scope and policy; `notifyCaller` sends list_changed on the caller's response. */
  policyFor(tokenId: string, notifyCaller: () => Promise<void>): RequestPolicy;
  recordRequest(tokenId: string, era: 'legacy' | 'modern'): void;
  /** The change journal as this token sees it, its undos bound by `permit`; null where none runs. */
  changesFor(tokenId: string, permit: ToolPermit): ChangeAccess | null;
  /** Every call in flight on this server: where a call is stopped from, whichever request asks. */
  operations: Operations;
  /** The tasks long calls run as, kept across requests for the token that started them. */
  tasks: TaskStore<CallToolResult>;
  extend?: ServerExtension;
}

export function createMcpServer(
  surface: McpSurface,
  request: McpRequestContext,
  notify: ServerNotifier,
): Server {
  const tokenId = callerTokenId(request);
  surface.recordRequest(tokenId, request.era);
  const server = new Server(
    { name: surface.facts.name, version: surface.facts.version },
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: promptsCapability(request.era),
        resources: appResourcesCapability,
        ...tasksCapability(request.era),
      },
      instructions: `Tools to read and edit the Obsidian vault "${surface.host.vaultName}". Paths are vault-relative.`,
    },
  );
  const handlers: ToolHandlers = {
    listTools: () => ({
      tools: surface.policyFor(tokenId, noNotify).scope.listed.map(toolListing),
    }),
    callTool: (call, ctx) => callOnLine(surface, tokenId, request.era, call, ctx),
  };
  server.setRequestHandler('tools/list', handlers.listTools);
  server.setRequestHandler('tools/call', handlers.callTool);
  // Over HTTP the cancellation comes in a request of its own, to a server of its own.
  server.setNotificationHandler('notifications/cancelled', (notification) => {
    const { requestId } = notification.params;
    if (requestId !== undefined) surface.operations.cancelRequest(tokenId, requestId);
  });
  registerTaskHandlers(server, surface, tokenId, request.era);
  registerPromptHandlers(server, surface.host, async () => {
    const building = await awaitIndex(surface.indexing, surface.indexWaitMs);
    if (building !== null) throw indexProtocolError(building);
  });
  registerAppResourceHandlers(server);
  // Last, so the conformance fixtures' own prompts and resources handlers replace ours in that
  // run only.
  surface.extend?.(server, handlers, request, notify);
  return server;
}

const noNotify = async (): Promise<void> => undefined;
