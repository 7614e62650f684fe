/**
 * What a tool handler gets besides its arguments: the vault (already guarded), facts about the
 * server answering this request, and the few services some tools need. Handlers never see
 * HTTP, tokens, `app` or `fs`.
 */
import type { IndexStatus } from '../../host/index-status.ts';
import type { HostKind, VaultHost } from '../../host/vault-host.ts';
import type { ChangeAccess } from '../change-journal/index.ts';
import type { SemanticSearch } from '../semantic-search/index.ts';

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

/** A tool's line in tool_catalog. */
export interface CatalogEntry {
  name: string;
  status: 'active' | 'inactive' | 'promoted';
  calls: number;
  description: string;
}

export interface ActivationResult {
  activated: string[];
  alreadyActive: string[];
  refused: { name: string; reason: string }[];
  persisted: boolean;
}

/** The caller's own view of the tool policy (the meta-tools use it). */
export interface ToolPolicyAccess {
  catalog(): CatalogEntry[];
  activate(names: readonly string[], persist: boolean): Promise<ActivationResult>;
}

export interface ToolServices {
  commandGate: CommandGate;
  toolPolicy: ToolPolicyAccess;
  /** The vault's semantic index, or null when semantic search is not set up here. */
  semanticSearch: SemanticSearch | null;
}

export interface ToolContext {
  host: VaultHost;
  server: ServerFacts;
  /** How many tools this request's caller can see and call. */
  visibleToolCount: number;
  /** How far the host's vault index is, when the call started. */
  indexStatus: IndexStatus;
  services: ToolServices;
  /** Some folders are hidden from AI clients: tools whose effects cannot be filtered are refused. */
  hiddenFoldersActive: boolean;
  /** Sends notifications/progress when the caller asked for progress; does nothing otherwise. */
  reportProgress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * The change journal as this caller: every write runs through its `runCall`; inside a write
   * it is bound to that call's change. Null where no journal runs (unit tests of one tool).
   */
  changes: ChangeAccess | null;
}
