/**
 * Stable error codes a tool can fail with. Clients match on `code`, so a code is never renamed or
 * reused for a different meaning; add new ones instead.
 */
export type ErrorCode =
  | 'invalid_arguments'
  | 'invalid_path'
  | 'not_found'
  | 'already_exists'
  | 'not_empty'
  | 'not_a_file'
  | 'not_a_folder'
  | 'precondition_failed'
  | 'heading_not_found'
  | 'block_not_found'
  | 'frontmatter_key_not_found'
  | 'ambiguous_heading'
  | 'ambiguous_section'
  | 'invalid_frontmatter'
  | 'no_active_file'
  | 'too_large'
  | 'unsupported'
  | 'internal_error'
  | 'invalid_query'
  | 'dataview_not_installed'
  | 'dataview_not_ready'
  | 'dataview_query_failed'
  | 'templater_not_installed'
  | 'template_failed'
  | 'commands_unavailable'
  | 'command_denied'
  | 'command_failed'
  | 'fetch_blocked'
  | 'fetch_failed'
  | 'invalid_config'
  | 'invalid_canvas'
  /** A `.base` file that is not YAML, or not a mapping (query_base). */
  | 'invalid_base'
  | 'node_not_found'
  | 'invalid_regex'
  /** No longer raised: every pattern now runs in linear time (ADR-0008). Kept so it is never reused. */
  | 'unsafe_regex'
  | 'unsupported_regex'
  | 'regex_timeout'
  | 'unsupported_encoding'
  | 'index_building'
  | 'index_failed'
  | 'hidden_folders_active'
  | 'tool_inactive'
  | 'tool_not_allowed'
  | 'idempotency_conflict'
  | 'journal_busy'
  /** A journal record names a path no tool argument could (ADR-0041): set aside, never run. */
  | 'invalid_journal_record'
  /** Stopped before it finished: by the client, by the user, or by the server closing. */
  | 'cancelled'
  /** Ran past the time one call may take (a long call's wall-time limit, ADR-0036). */
  | 'time_limit'
  | 'text_not_found'
  | 'ambiguous_text'
  | 'task_not_found'
  /** The disk (or a quota, or a file size limit) had no room: nothing was written (ADR-0042). */
  | 'disk_full';

/** The JSON a failed tool call returns as its structured content. */
export interface ToolFailure {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Thrown by hosts and tool handlers for failures the caller can act on. The message names the
 * fix: the next call to make or the argument to change.
 */
export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.details = details;
  }

  toFailure(): ToolFailure {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
