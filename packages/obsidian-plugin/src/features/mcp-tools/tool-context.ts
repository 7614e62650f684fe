/**
 * What a tool handler gets besides its arguments: the vault (already guarded), facts about the
 * server answering this request, and the few services some tools need. Handlers never see
 * HTTP, tokens, `app` or `fs`.
 */
import type { IndexStatus } from '../../host/index-status.ts';
import type { HostKind, VaultHost } from '../../host/vault-host.ts';
import type { ChangeAccess, ToolPermit } from '../change-journal/index.ts';
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

/**
 * A long call says how far it is, as often as it likes (once per note is fine): done of total,
 * and what it is doing ("Replacing in notes"). `done` only grows over the call (a call with two
 * passes counts on from the first). Reports are throttled, then sent as notifications/progress
 * to a caller that asked, kept as a task's status message, and shown in Obsidian's status bar
 * and on the headless terminal.
 */
export interface ToolProgress {
  report(done: number, total?: number, message?: string): void;
}

export interface ToolContext {
  host: VaultHost;
  server: ServerFacts;
  /** How many tools this request's caller can see and call. */
  visibleToolCount: number;
  /** Those of them that run as MCP tasks when the client asks (ToolSpec.long). */
  taskTools: readonly string[];
  /** How far the host's vault index is, when the call started. */
  indexStatus: IndexStatus;
  services: ToolServices;
  /** Some folders are hidden from AI clients: tools whose effects cannot be filtered are refused. */
  hiddenFoldersActive: boolean;
  /**
   * Aborted when the call is stopped: cancelled by the client (notifications/cancelled, a closed
   * request, tasks/cancel) or from Obsidian, run past its wall time, or the server closing. Its
   * reason is the ToolError the call fails with (`cancelled`, `time_limit`), so a long loop calls
   * `signal.throwIfAborted()` between notes (services/long-steps.ts does), and the journal puts
   * back whatever the call wrote.
   */
  signal: AbortSignal;
  /** How far the call is: see ToolProgress. */
  progress: ToolProgress;
  /**
   * The change journal as this caller: every write runs through its `runCall`; inside a write
   * it is bound to that call's change. Null where no journal runs (unit tests of one tool).
   */
  changes: ChangeAccess | null;
  /**
   * The caller's scope for writes made through another tool's code (edit_vault_files'
   * operations): throws `tool_not_allowed` for a tool the caller could not call itself.
   */
  permit: ToolPermit;
}
