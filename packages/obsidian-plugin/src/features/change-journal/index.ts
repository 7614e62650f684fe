/**
 * change-journal: every agent write recorded as one change with its before-images; undo, redo,
 * note history, idempotency keys. The server opens one `ChangeJournal` per vault; calls reach it
 * through `ChangeAccess` (features/mcp-tools' callTool runs every write through `runCall`, and
 * shapes the `CallOutcome` it gets back into the MCP result). The journal never imports
 * mcp-tools, which is built on it (ADR-0032): what both need (file kinds, failures from thrown
 * errors) is in host/.
 */
export { ChangeJournal, type ChangeJournalOptions } from './services/change-journal.ts';
export {
  ANY_TOOL,
  type CallExecutor,
  type CallOutcome,
  type ChangeAccess,
  type JournaledCall,
  type ToolPermit,
} from './services/change-access.ts';
export type { ChangeActor } from './services/change-record.ts';
export { USER_ACTOR } from './services/user-actor.ts';
export type {
  ChangeFilter,
  FileChange,
  ListedChange,
  NoteVersion,
} from './services/change-listing.ts';
export type { RedoResult, RestoreResult, UndoResult } from './services/change-undo.ts';
export type { PinResult } from './services/change-pin.ts';
export type { NoteText } from './services/version-text.ts';
export { RecentChangesService, type ChangesSource } from './services/recent-changes.ts';
export type { RecentChangesApi, RecentChangesView } from './services/recent-changes-api.ts';
/** The key record of a call (tests write journals by hand with it). */
export { callKey } from './services/idempotent-calls.ts';
