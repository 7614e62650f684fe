export { callTool, keptAnswer } from './call-tool.ts';
export {
  ADDITIVE,
  DESTRUCTIVE,
  IDEMPOTENT_WRITE,
  OVERWRITE,
  READ_ONLY,
  defineTool,
  type Tool,
  type ToolHints,
} from './define-tool.ts';
export { allTools, toolFamilies, type ToolFamily } from './registry.ts';
export { metaTools } from './tools/meta/index.ts';
export {
  KEPT_BYTES,
  closeSearchServices,
  keptDocuments,
  warmSearchServices,
} from './tools/search/index.ts';
export type {
  ActivationResult,
  CatalogEntry,
  CommandGate,
  CommandRequest,
  ServerFacts,
  ToolContext,
  ToolPolicyAccess,
  ToolServices,
} from './tool-context.ts';
export { toolListing } from './tool-listing.ts';
export { failureResult, successResult } from './tool-output.ts';
