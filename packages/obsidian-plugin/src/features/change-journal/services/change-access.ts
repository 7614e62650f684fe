/**
 * What tools and the Obsidian view may do with the change journal, as one caller, and how a call
 * runs through it. The journal knows nothing of MCP: a call's executor returns a `CallOutcome`
 * (its answer, or the failure that rolls it back) and the caller shapes the protocol's result
 * (features/mcp-tools' callTool makes the `CallToolResult`).
 */
import type { ToolFailure } from '@mcp-connector/shared';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { ChangeFilter, ListedChange, NoteVersion } from './change-listing.ts';
import type { PinResult } from './change-pin.ts';
import type { RedoResult, RestoreResult, UndoResult } from './change-undo.ts';
import type { NoteText } from './version-text.ts';

/** One call to journal: which tool, with what arguments, and its key if it came with one. */
export interface JournaledCall {
  tool: string;
  args: Record<string, unknown>;
  idempotencyKey?: string;
  /** False for writes the journal cannot see (Obsidian commands): only the key applies. */
  journaled: boolean;
  /**
   * What a key keeps of the answer, to give back on a replay (callTool: a long answer's digest
   * and a short note, ADR-0041); the answer itself when absent.
   */
  keptAnswer?: (answer: unknown) => unknown;
}

/**
 * How a call ended: its answer, or why it failed (its writes are then rolled back, and its key
 * stays free for a retry). An answer is kept with its idempotency key as JSON and given back as
 * it was when the key comes again.
 */
export type CallOutcome<Answer> =
  { ok: true; answer: Answer } | { ok: false; failure: ToolFailure };

/** Runs the call's work: writing through `host`, undoing or listing through `changes`. */
export type CallExecutor<Answer> = (
  host: VaultHost,
  changes: ChangeAccess,
) => Promise<CallOutcome<Answer>>;

export interface ChangeAccess {
  list(filter: ChangeFilter): Promise<ListedChange[]>;
  history(path: string): Promise<NoteVersion[]>;
  undo(id: string): Promise<UndoResult>;
  redo(id: string): Promise<RedoResult>;
  /** `change`: a change id, or the label of a version pinned with `pin`. */
  restore(path: string, change: string, expectedRevision?: string): Promise<RestoreResult>;
  /** Keeps the note's present text as a pinned version, never pruned (change-pin.ts). */
  pin(path: string, label?: string): Promise<PinResult>;
  /** The note's text just before `change`, read from its before-image; nothing is restored. */
  textBefore(path: string, change: string): Promise<NoteText>;
  /** The note's text just after `change`, when the journal kept it (version-text.ts). */
  textAfter(path: string, change: string): Promise<NoteText>;
  /** Runs one tool call: idempotency key first, then (for journaled writes) one change. */
  runCall<Answer>(call: JournaledCall, execute: CallExecutor<Answer>): Promise<CallOutcome<Answer>>;
}

/**
 * Whether this caller may make a write the way `tool` makes it: throws `tool_not_allowed`
 * otherwise. The token's scope decides (tool-policy); an undo or redo asks it for each kind of
 * write it is about to make, before making any (ADR-0041).
 */
export type ToolPermit = (tool: string) => void;

/** The user in Obsidian, and tests of the journal alone: every tool. */
export const ANY_TOOL: ToolPermit = () => undefined;
