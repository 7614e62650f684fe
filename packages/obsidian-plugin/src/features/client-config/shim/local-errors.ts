/**
 * Failures the stdio shim (and the Python bridge, scripts/mcp-stdio-bridge.py) report on the
 * client's side of the relay, as JSON-RPC errors for the request that failed. Their codes sit
 * below JSON-RPC's reserved range (-32768..-32000) so they never collide with the server's own;
 * like tool error codes they are stable: never renamed, never reused.
 */
export const LOCAL_FAILURES = {
  token_not_recognised: {
    code: -33001,
    message: 'token not recognised: copy it again from Obsidian, or export a new bundle',
  },
  token_unknown: {
    code: -33002,
    message:
      "token not recognised: copy it again from Obsidian, or export a new bundle (this token is no longer in the vault's Local MCP Server settings: it was revoked)",
  },
  not_running: {
    code: -33003,
    message:
      'Obsidian is not serving this vault: open the vault in Obsidian with Local MCP Server enabled (or start the headless server), then try again',
  },
  settings_unreadable: {
    code: -33004,
    message:
      "cannot read the vault's Local MCP Server settings (data.json): check that the vault is where it was when this connection was set up, or export a new bundle",
  },
  timeout: {
    code: -33005,
    message:
      'the vault did not answer in time; try again (a very large vault may need a smaller request)',
  },
  bad_response: {
    code: -33006,
    message:
      'the Local MCP Server sent an answer the relay could not read; update the plugin, then try again',
  },
  bundle_incomplete: {
    code: -33007,
    message: 'this connection is missing its vault or token id: export a new bundle from Obsidian',
  },
  secret_elsewhere: {
    code: -33008,
    message:
      "this token's secret is not on this computer (the token was made on another device): regenerate it in Obsidian's Local MCP Server settings on this computer, then try again",
  },
  not_our_server: {
    code: -33009,
    message:
      "the program on the vault's port is not this vault's Local MCP Server (it could not prove it): the token's secret was not sent. Restart Obsidian or the headless server, then try again",
  },
} as const;

export type LocalFailureReason = keyof typeof LOCAL_FAILURES;

export interface LocalFailure {
  reason: LocalFailureReason;
  /** Extra words for the log line, never a payload or a secret. */
  detail?: string;
}

export function failure(reason: LocalFailureReason, detail?: string): LocalFailure {
  return detail === undefined ? { reason } : { reason, detail };
}

export function isLocalFailure(value: unknown): value is LocalFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    'reason' in value &&
    typeof value.reason === 'string' &&
    value.reason in LOCAL_FAILURES
  );
}

/** The JSON-RPC error response a failed request gets. */
export function failureResponse(id: string | number, failed: LocalFailure): unknown {
  const { code, message } = LOCAL_FAILURES[failed.reason];
  return { jsonrpc: '2.0', id, error: { code, message, data: { reason: failed.reason } } };
}
