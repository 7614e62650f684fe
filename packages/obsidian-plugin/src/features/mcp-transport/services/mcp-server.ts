/**
 * Builds the MCP server instance for one request. Nothing survives the request: the instance is
 * made from the caller's scope, answers, and is dropped. The SDK's handler decides the protocol
 * line (2026-07-28 or the legacy handshake line) and calls this factory for either.
 */
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type {
  CallToolRequest,
  CallToolResult,
  ListToolsResult,
  McpRequestContext,
} from '@modelcontextprotocol/server';
import type { VaultHost } from '../../../host/vault-host.ts';
import {
  callTool,
  toolListing,
  type ServerFacts,
  type Tool,
  type ToolContext,
  type ToolServices,
} from '../../mcp-tools/index.ts';

/** The standard tool handlers of one request's server, handed to an extension to build on. */
export interface ToolHandlers {
  listTools: () => ListToolsResult;
  callTool: (request: CallToolRequest) => Promise<CallToolResult>;
}

/** Adds to a request's server; only the conformance run uses this, never the plugin. */
export type ServerExtension = (
  server: Server,
  handlers: ToolHandlers,
  request: McpRequestContext,
) => void;

export interface McpSurface {
  facts: ServerFacts;
  host: VaultHost;
  services: ToolServices;
  /** The tools the token with this id may list and call. */
  toolsFor(tokenId: string): readonly Tool[];
  extend?: ServerExtension;
}

export function createMcpServer(surface: McpSurface, request: McpRequestContext): Server {
  const tools = surface.toolsFor(request.authInfo?.clientId ?? '');
  const server = new Server(
    { name: surface.facts.name, version: surface.facts.version },
    {
      capabilities: { tools: {} },
      instructions: `Tools to read and edit the Obsidian vault "${surface.host.vaultName}". Paths are vault-relative.`,
    },
  );
  const context: ToolContext = {
    host: surface.host,
    server: surface.facts,
    visibleToolCount: tools.length,
    services: surface.services,
  };
  const handlers: ToolHandlers = {
    listTools: () => ({ tools: tools.map(toolListing) }),
    callTool: async (call) => {
      const tool = tools.find((candidate) => candidate.name === call.params.name);
      if (tool === undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown tool: ${call.params.name}`,
        );
      }
      return callTool(tool, call.params.arguments, context);
    },
  };
  server.setRequestHandler('tools/list', handlers.listTools);
  server.setRequestHandler('tools/call', handlers.callTool);
  surface.extend?.(server, handlers, request);
  return server;
}
