/**
 * The tool policy at run time: each request's scope over the one registry, the meta-tools'
 * catalog and activation, adaptive promotion, and the signals that a surface changed. Reads the
 * settings at use time, so token and policy edits apply to the next request without a restart.
 */
import { defaultTokenPolicy, type Settings, type TokenPolicy } from '@mcp-connector/shared';
import type {
  ActivationResult,
  CatalogEntry,
  Tool,
  ToolPolicyAccess,
} from '../../mcp-tools/index.ts';
import type { SettingsStore, UsageState } from '../../settings/index.ts';
import { Activations } from './activations.ts';
import { CORE_TOOLS, PROMOTION_THRESHOLD } from './core-tools.ts';
import { resolveScope, type ToolScope } from './tool-scope.ts';
import { UsageRecorder } from './usage-recorder.ts';

export interface PolicySignals {
  /** Tells the user a client's tool surface grew (a Notice in Obsidian, a log line headless). */
  surfaceWidened(message: string): void;
  /** notifications/tools/list_changed to every listening 2026-07-28 stream. */
  broadcastToolsChanged(): void;
}

export interface RequestPolicy {
  scope: ToolScope;
  access: ToolPolicyAccess;
  /** After a successful call: counts it, and says whether it just promoted the tool. */
  afterCall(tool: string): Promise<{ promoted: boolean }>;
}

interface ResolvedScope {
  settings: Settings;
  usage: UsageState;
  activations: number;
  scope: ToolScope;
}

export class ToolPolicyEngine {
  readonly usage: UsageRecorder;
  private readonly activations = new Activations();
  /**
   * Each token's last resolved scope and what it was resolved from: every request asks for it,
   * and resolving builds sets and maps over the whole registry (a tenth of a small call's CPU).
   */
  private readonly scopes = new Map<string, ResolvedScope>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly tools: readonly Tool[],
    private readonly metaTools: readonly Tool[],
    private readonly signals: PolicySignals,
  ) {
    this.usage = new UsageRecorder(settings.usage);
  }

  /** `notifyCaller` sends notifications/tools/list_changed on the caller's own response. */
  forRequest(tokenId: string, notifyCaller: () => Promise<void>): RequestPolicy {
    const scope = this.scopeOf(tokenId);
    const label = this.labelOf(tokenId);
    const changed = async (message: string) => {
      this.signals.surfaceWidened(message);
      await notifyCaller();
      this.signals.broadcastToolsChanged();
    };
    return {
      scope,
      access: {
        catalog: () => this.catalog(scope),
        activate: async (names, persist) => {
          const result = await this.activate(tokenId, scope, names, persist);
          if (result.activated.length > 0)
            await changed(
              `Local MCP Server: "${label}" can now use ${result.activated.join(', ')}.`,
            );
          return result;
        },
      },
      afterCall: async (tool) => {
        if (scope.isMetaTool(tool)) return { promoted: false };
        this.usage.recordCall(tool);
        if (!(await this.promoteIfEarned(tool))) return { promoted: false };
        await changed(
          `Local MCP Server: ${tool} was used often and is now active for adaptive clients.`,
        );
        return { promoted: true };
      },
    };
  }

  /** The token's scope, resolved again only when the settings, usage or activations changed. */
  scopeOf(tokenId: string): ToolScope {
    const settings = this.settings.current;
    const usage = this.settings.usage.current;
    const activations = this.activations.version;
    const last = this.scopes.get(tokenId);
    if (last?.settings === settings && last.usage === usage && last.activations === activations)
      return last.scope;
    const scope = resolveScope({
      tools: this.tools,
      metaTools: this.metaTools,
      token: withPinned(policyOf(settings, tokenId), usage.pinned[tokenId]),
      vault: {
        userDisabled: settings.toolPolicy.userDisabled,
        promoted: promotedFor(settings, usage),
      },
      activated: this.activations.of(tokenId),
    });
    this.scopes.set(tokenId, { settings, usage, activations, scope });
    return scope;
  }

  /** Drops the activations of tokens that no longer exist (revoked). */
  forgetTokensExcept(tokenIds: readonly string[]): void {
    this.activations.keepOnly(tokenIds);
    const keep = new Set(tokenIds);
    for (const tokenId of this.scopes.keys()) if (!keep.has(tokenId)) this.scopes.delete(tokenId);
  }

  close(): Promise<void> {
    return this.usage.close();
  }

  private catalog(scope: ToolScope): CatalogEntry[] {
    return scope.reachable.map(({ tool, status }) => ({
      name: tool.name,
      status,
      calls: this.usage.callsOf(tool.name),
      description: tool.description,
    }));
  }

  private async activate(
    tokenId: string,
    scope: ToolScope,
    names: readonly string[],
    persist: boolean,
  ): Promise<ActivationResult> {
    const result: ActivationResult = {
      activated: [],
      alreadyActive: [],
      refused: [],
      persisted: false,
    };
    for (const name of new Set(names)) {
      const check = scope.check(name);
      if (check.kind === 'unknown') result.refused.push({ name, reason: 'no such tool' });
      else if (check.kind === 'unreachable') result.refused.push({ name, reason: check.reason });
      else if (check.kind === 'allowed') result.alreadyActive.push(name);
      else result.activated.push(name);
    }
    this.activations.add(tokenId, result.activated);
    // Pinned on this device: serving never writes data.json (ADR-0033).
    if (persist && result.activated.length > 0) {
      await this.settings.usage.update((usage) => {
        const pinned = [...new Set([...(usage.pinned[tokenId] ?? []), ...result.activated])];
        return { ...usage, pinned: { ...usage.pinned, [tokenId]: pinned } };
      });
      result.persisted = true;
    }
    return result;
  }

  /**
   * Promotes a tool for adaptive clients once it has PROMOTION_THRESHOLD calls: in this device's
   * usage file, beside the counts that earned it (ADR-0033).
   */
  private async promoteIfEarned(tool: string): Promise<boolean> {
    // The checks in memory first: the usage file is stat'ed only when they leave a question.
    if (CORE_TOOLS.includes(tool)) return false;
    const settings = this.settings.current;
    const tokens = Object.values(settings.toolPolicy.tokens);
    if (!tokens.some((token) => token.profile === 'adaptive')) return false;
    if (promotedFor(settings, this.settings.usage.current).includes(tool)) return false;
    if (this.usage.callsOf(tool) < PROMOTION_THRESHOLD) return false;
    await this.settings.usage.update((current) =>
      current.promoted.includes(tool)
        ? current
        : { ...current, promoted: [...current.promoted, tool] },
    );
    return true;
  }

  private labelOf(tokenId: string): string {
    return this.settings.current.tokens.find((token) => token.id === tokenId)?.label ?? 'a client';
  }
}

export function policyOf(settings: Settings, tokenId: string): TokenPolicy {
  return settings.toolPolicy.tokens[tokenId] ?? defaultTokenPolicy();
}

/** Promoted for every adaptive token: by the user (data.json) and by use on this device. */
export function promotedFor(settings: Settings, usage: UsageState): string[] {
  return [...new Set([...settings.toolPolicy.promoted, ...usage.promoted])];
}

/** The token's policy with the tools its client pinned on this device (activate_tool persist). */
export function withPinned(policy: TokenPolicy, pinned: readonly string[] = []): TokenPolicy {
  if (pinned.length === 0) return policy;
  return { ...policy, promoted: [...new Set([...policy.promoted, ...pinned])] };
}
