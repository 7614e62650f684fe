export { CORE_TOOLS, PROMOTION_THRESHOLD } from './services/core-tools.ts';
export { HiddenFoldersHost } from './services/hidden-folders/hidden-folders-host.ts';
export { HiddenPaths } from './services/hidden-folders/hidden-paths.ts';
export {
  ToolPolicyEngine,
  policyOf,
  promotedFor as promotedForAdaptive,
  withPinned,
  type PolicySignals,
  type RequestPolicy,
} from './services/tool-policy-engine.ts';
export {
  resolveScope,
  toolNotAllowed,
  type CallCheck,
  type Profile,
  type ToolScope,
} from './services/tool-scope.ts';
export {
  addToken,
  ensureDefaultToken,
  findToken,
  regenerateToken,
  renameToken,
  revokeToken,
  setTokenPolicy,
  withDeviceSecret,
} from './services/tokens.ts';
export {
  demoteTool,
  devicePolicy,
  promotableTools,
  promoteTool,
  promotedTools,
  removePromoted,
  type PromotedTool,
} from './services/promoted-by-hand.ts';
export { TOOL_LIST_BUDGET, toolListBudget } from './services/tool-list-budget.ts';
