/**
 * What a tool handler gets besides its arguments: the vault (already guarded), facts about the
 * server answering this request, and the few services some tools need. Handlers never see
 * HTTP, tokens, `app` or `fs`.
 */
import type { HostKind, VaultHost } from '../../host/vault-host.ts';

export interface ServerFacts {
  name: string;
  version: string;
  hostKind: HostKind;
  /** Protocol revisions this server answers, newest first. */
  protocolRevisions: readonly string[];
}

/** An Obsidian command a tool wants to run. */
export interface CommandRequest {
  id: string;
  name: string;
}

/** Whether a command may run: the master switch, the allowlist and, if asked, the user's answer. */
export interface CommandGate {
  /** `warning` carries advice for the agent, such as nearing the rate limit. */
  decide(command: CommandRequest): Promise<{ allowed: boolean; reason: string; warning?: string }>;
}

export interface ToolServices {
  commandGate: CommandGate;
}

export interface ToolContext {
  host: VaultHost;
  server: ServerFacts;
  /** How many tools this request's caller can see and call. */
  visibleToolCount: number;
  services: ToolServices;
}
