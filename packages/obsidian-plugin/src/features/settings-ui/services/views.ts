/**
 * The settings as the tab shows them: per token its policy, the tools its client lists and can
 * reach (the same resolveScope the server uses per request, without this session's unpersisted
 * activations), its usage and promotions; the registry by family with each tool's switch.
 */
import type { Settings } from '@mcp-connector/shared';
import type { UsageState } from '../../settings/index.ts';
import { allTools, metaTools, toolFamilies } from '../../mcp-tools/index.ts';
import {
  consentLine,
  installLine,
  progressLine,
  type IndexStatus,
  type InstallStatus,
  type ModelInstaller,
  type NativeModelSpec,
} from '../../semantic-search/index.ts';
import {
  devicePolicy,
  promotableTools,
  promotedForAdaptive,
  promotedTools,
  resolveScope,
} from '../../tool-policy/index.ts';
import { firstSentence } from './format.ts';
import type { ServerStatus } from './server-lifecycle.ts';
import type {
  IndexStatusView,
  ModelFileView,
  ModelInstallView,
  ServerView,
  InstallLinkView,
  ToolFamilyView,
  TokenView,
} from './settings-api.ts';

/**
 * `device`: this device's secrets (null for a token made on another device) and usage, with the
 * promotions use earned here (ADR-0033), and the install links a secret held here gets.
 */
export function tokenViews(
  settings: Settings,
  device: {
    secretOf: (tokenId: string) => string | null;
    usage: UsageState;
    installLinks: (secret: string) => InstallLinkView[];
  },
): TokenView[] {
  const { usage } = device;
  return settings.tokens.map((token) => {
    const policy = devicePolicy(settings, usage, token.id);
    const scope = resolveScope({
      tools: allTools,
      metaTools,
      token: policy,
      vault: { ...settings.toolPolicy, promoted: promotedForAdaptive(settings, usage) },
      activated: new Set(),
    });
    const secret = device.secretOf(token.id);
    return {
      id: token.id,
      label: token.label,
      secret,
      createdAt: token.createdAt,
      policy,
      listedTools: scope.listed.length,
      reachableTools: metaTools.length + scope.reachable.length,
      usage: usage.requests[token.id] ?? { legacy: 0, modern: 0, lastSeen: null },
      promoted: promotedTools(settings, usage, token.id),
      promotable: promotableTools(settings, usage, token.id),
      installLinks: secret === null ? [] : device.installLinks(secret),
    };
  });
}

export function familyViews(settings: Settings): ToolFamilyView[] {
  const disabled = new Set(settings.toolPolicy.userDisabled);
  return toolFamilies.map((family) => ({
    name: family.name,
    tools: family.tools.map((tool) => ({
      name: tool.name,
      summary: firstSentence(tool.description),
      readOnly: tool.annotations.readOnlyHint,
      disabled: disabled.has(tool.name),
    })),
  }));
}

export function isKnownTool(name: string): boolean {
  return allTools.some((tool) => tool.name === name);
}

export function serverView(status: ServerStatus, protocolRevisions: readonly string[]): ServerView {
  return {
    state: status.state,
    url: status.url,
    port: status.port,
    startedAt: status.startedAt?.toISOString() ?? null,
    error: status.error,
    protocolRevisions,
  };
}

export function indexStatusView(status: IndexStatus | null): IndexStatusView | null {
  if (status === null) return null;
  const { providerId, state, filesIndexed, filesTotal, percent, notesPerSecond, chunks, error } =
    status;
  const line = progressLine(status);
  return {
    providerId,
    state,
    filesIndexed,
    filesTotal,
    percent,
    notesPerSecond,
    chunks,
    error,
    line,
  };
}

/** The model's install and, for the consent, what a download fetches and where it goes. */
export function modelInstallView(
  installer: ModelInstaller,
  model: NativeModelSpec,
  folder: string,
): ModelInstallView {
  const status: InstallStatus = installer.status(model);
  const artifacts = installer.artifacts(model) ?? [];
  const files: ModelFileView[] = artifacts.map(({ target, bytes, url }) => ({
    path: target,
    bytes,
    url,
  }));
  const { modelId, state, bytesDone, bytesTotal, percent, error } = status;
  return {
    modelId,
    state,
    line: installLine(status),
    consent: consentLine(model, artifacts, folder),
    bytesDone,
    bytesTotal,
    percent,
    error,
    files,
    folder,
  };
}
