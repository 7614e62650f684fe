export { callTool } from './call-tool.ts';
export { READ_ONLY, defineTool, type Tool, type ToolHints } from './define-tool.ts';
export { allTools } from './registry.ts';
export type {
  CommandGate,
  CommandRequest,
  ServerFacts,
  ToolContext,
  ToolServices,
} from './tool-context.ts';
export { toolListing } from './tool-listing.ts';
