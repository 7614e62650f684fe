/**
 * Every client pays for tools/list on every session, so its size is a budget (TOOL_LIST_BUDGET),
 * checked here on each change; `bun run tools:size` measures the same through the real endpoint.
 */
import { describe, expect, test } from 'bun:test';
import { defaultTokenPolicy } from '@mcp-connector/shared';
import { allTools, metaTools, toolListing } from '../../mcp-tools/index.ts';
import { TOOL_LIST_BUDGET, toolListBudget } from './tool-list-budget.ts';
import { resolveScope, type Profile } from './tool-scope.ts';

function listing(profile: Profile): { tools: number; bytes: number } {
  const scope = resolveScope({
    tools: allTools,
    metaTools,
    token: { ...defaultTokenPolicy(), profile },
    vault: { userDisabled: [], promoted: [] },
    activated: new Set(),
  });
  const bytes = Buffer.byteLength(JSON.stringify({ tools: scope.listed.map(toolListing) }));
  return { tools: scope.listed.length, bytes };
}

describe('the tools/list budget', () => {
  test(`profile all stays at or under ${TOOL_LIST_BUDGET.allBytesPerTool} bytes a tool on average`, () => {
    const { tools, bytes } = listing('all');
    expect(bytes).toBeLessThanOrEqual(toolListBudget('all', tools) ?? 0);
  });

  test(`profile core stays at or under ${TOOL_LIST_BUDGET.coreBytes} bytes`, () => {
    const { tools, bytes } = listing('core');
    expect(bytes).toBeLessThanOrEqual(toolListBudget('core', tools) ?? 0);
  });

  test('the budget of all grows with the tools listed; core has a fixed total', () => {
    expect(toolListBudget('all', 60)).toBe(60 * TOOL_LIST_BUDGET.allBytesPerTool);
    expect(toolListBudget('core', 10)).toBe(toolListBudget('core', 20));
    expect(toolListBudget('adaptive', 10)).toBeNull();
  });
});
