/**
 * What tools/list may cost a client on every session, the one place the budgets live (the test
 * beside this file and `bun run tools:size` both apply them). With every tool listed the budget
 * is per tool, on average, so a useful new tool is never blocked by a fixed total; the core
 * profile, which chat clients load by default, has a fixed total. (The established connector
 * sends 44,060 bytes for all and 11,070 for core.)
 */
export const TOOL_LIST_BUDGET = {
  /** Profile `all`: at most this many bytes per listed tool, on average. */
  allBytesPerTool: 470,
  /** Profile `core`: at most this many bytes in all. */
  coreBytes: 6_600,
} as const;

/** The bytes a listing of `tools` tools may take under `profile`, or null for no budget. */
export function toolListBudget(profile: string, tools: number): number | null {
  if (profile === 'all') return TOOL_LIST_BUDGET.allBytesPerTool * tools;
  if (profile === 'core') return TOOL_LIST_BUDGET.coreBytes;
  return null;
}
