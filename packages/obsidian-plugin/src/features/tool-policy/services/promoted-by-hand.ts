/**
 * The promoted list by hand: a person adds a tool to a token's promoted list, or takes one off,
 * from the settings tab or `tokens promote|demote ID TOOL`. What can be promoted is what the token
 * can reach but its profile (with its promotions) does not list, the same resolveScope the server
 * applies per request. A hand promotion goes to data.json; activate_tool with `persist` pins on
 * this device (ADR-0033); demoting takes a tool off both. A promotion adaptive use earned is for
 * every adaptive token, so taking it off also forgets its call count, or the next call would
 * promote it again at once.
 */
import { ToolError, type Settings, type TokenPolicy } from '@mcp-connector/shared';
import { allTools, metaTools } from '../../mcp-tools/index.ts';
import type { SettingsStore, UsageState } from '../../settings/index.ts';
import { policyOf, promotedFor, withPinned } from './tool-policy-engine.ts';
import { resolveScope } from './tool-scope.ts';
import { requireToken, setTokenPolicy } from './tokens.ts';

/** A tool on a token's promoted list, and who put it there. */
export interface PromotedTool {
  name: string;
  /** 'token': pinned for this token; 'adaptive': promoted by use for every adaptive token. */
  by: 'token' | 'adaptive';
}

/** The token's policy as it applies on this device: data.json's, with the tools pinned here. */
export function devicePolicy(settings: Settings, usage: UsageState, tokenId: string): TokenPolicy {
  return withPinned(policyOf(settings, tokenId), usage.pinned[tokenId]);
}

/** The token's promoted tools: pinned for it, then (adaptive profile) those use promoted. */
export function promotedTools(
  settings: Settings,
  usage: UsageState,
  tokenId: string,
): PromotedTool[] {
  const policy = devicePolicy(settings, usage, tokenId);
  const pinned = policy.promoted.map((name): PromotedTool => ({ name, by: 'token' }));
  if (policy.profile !== 'adaptive') return pinned;
  const earned = promotedFor(settings, usage)
    .filter((name) => !policy.promoted.includes(name))
    .map((name): PromotedTool => ({ name, by: 'adaptive' }));
  return [...pinned, ...earned];
}

/** The tools the token can reach that its client does not list yet: the ones to promote. */
export function promotableTools(settings: Settings, usage: UsageState, tokenId: string): string[] {
  return scopeOf(settings, usage, tokenId)
    .reachable.filter((entry) => entry.status === 'inactive')
    .map((entry) => entry.tool.name);
}

/** Adds `name` to the token's promoted list in data.json, or says why it cannot be. */
export async function promoteTool(
  store: SettingsStore,
  tokenId: string,
  name: string,
): Promise<TokenPolicy> {
  requireToken(store.current, tokenId);
  const { current, usage } = { current: store.current, usage: store.usage.current };
  if (!promotableTools(current, usage, tokenId).includes(name)) {
    throw new ToolError('invalid_arguments', whyNotPromotable(current, usage, tokenId, name));
  }
  const promoted = policyOf(current, tokenId).promoted;
  return setTokenPolicy(store, tokenId, { promoted: [...promoted, name] });
}

/** Takes `name` off the token's promoted list; `not_found` when it is not on it. */
export async function demoteTool(
  store: SettingsStore,
  tokenId: string,
  name: string,
): Promise<PromotedTool> {
  requireToken(store.current, tokenId);
  const tool = promotedTools(store.current, store.usage.current, tokenId).find(
    (entry) => entry.name === name,
  );
  if (tool === undefined) {
    throw new ToolError(
      'not_found',
      `${name} is not promoted for this token; list the tokens to see what is.`,
    );
  }
  await removePromoted(store, tokenId, tool);
  return tool;
}

/** Takes one promotion away: the token's pin (data.json and this device), or the adaptive one. */
export async function removePromoted(
  store: SettingsStore,
  tokenId: string,
  tool: PromotedTool,
): Promise<void> {
  const others = (names: readonly string[]) => names.filter((name) => name !== tool.name);
  if (tool.by === 'token') {
    const pinned = policyOf(store.current, tokenId).promoted;
    if (pinned.includes(tool.name))
      await setTokenPolicy(store, tokenId, { promoted: others(pinned) });
    await store.usage.update((usage) => ({
      ...usage,
      pinned: { ...usage.pinned, [tokenId]: others(usage.pinned[tokenId] ?? []) },
    }));
    return;
  }
  await store.updateSlice('toolPolicy', (policy) =>
    policy.promoted.includes(tool.name) ? { ...policy, promoted: others(policy.promoted) } : policy,
  );
  await store.usage.update((usage) => {
    const { [tool.name]: _count, ...calls } = usage.calls;
    return { ...usage, promoted: others(usage.promoted), calls };
  });
}

function whyNotPromotable(
  settings: Settings,
  usage: UsageState,
  tokenId: string,
  name: string,
): string {
  if (![...allTools, ...metaTools].some((tool) => tool.name === name))
    return `No tool is called ${name}.`;
  if (metaTools.some((tool) => tool.name === name))
    return `${name} is a meta-tool: every token lists it already.`;
  const status = scopeOf(settings, usage, tokenId).reachable.find(
    (entry) => entry.tool.name === name,
  )?.status;
  if (status === 'promoted') return `${name} is promoted for this token already.`;
  if (status === 'active')
    return `The token's profile (${policyOf(settings, tokenId).profile}) lists ${name} already.`;
  return `This token cannot reach ${name}: it is switched off, the token is read-only, or it is not on the token's allowlist. Change that first.`;
}

function scopeOf(settings: Settings, usage: UsageState, tokenId: string) {
  return resolveScope({
    tools: allTools,
    metaTools,
    token: devicePolicy(settings, usage, tokenId),
    vault: { ...settings.toolPolicy, promoted: promotedFor(settings, usage) },
    activated: new Set(),
  });
}
