/**
 * Where a message goes: the vault's running Local MCP Server over HTTP. Each send resolves
 * the endpoint afresh (the token's secret and the port from live-server.json in the vault's device
 * home, or the fixed port in data.json), retries while no server answers within the connect window (Obsidian starting),
 * re-reads the secret once after a 401 (it may have just been regenerated), and keeps the whole
 * request within the deadline. (A bundle exported with the fallback decides before relaying
 * whether to serve the vault itself: fallback.ts.)
 */
import type { BundleConfig } from './bundle-env.ts';
import { exchange, proveServer, type Endpoint, type ExchangeOutcome } from './http-exchange.ts';
import { failure, isLocalFailure, type LocalFailure } from './local-errors.ts';
import { protocolHeaders } from './protocol-headers.ts';
import { deviceHomeFor, readLiveServer, readTokenAccess } from './vault-files.ts';

export type Emit = (message: unknown) => void;

export interface Upstream {
  /** Relays one client message; resolves with the failure to report, or null when done. */
  send(message: unknown, emit: Emit, signal: AbortSignal): Promise<LocalFailure | null>;
}

const RETRY_DELAYS_MS = [100, 250, 500, 1000];
const AUTH_RETRY_DELAY_MS = 300;
/** Proof questions (5 s each) a busy server gets before the request fails as `timeout`. */
const LATE_PROOF_ATTEMPTS = 6;
/** Listen streams stay open by design; no deadline applies to them. */
const UNBOUNDED_METHODS = new Set(['subscriptions/listen']);

/** Whether a message opens a stream that stays open until the client cancels it. */
export function isUnbounded(message: unknown): boolean {
  const method = methodOf(message);
  return method !== null && UNBOUNDED_METHODS.has(method);
}

export interface UpstreamOptions {
  /**
   * Called when no server answers, before the request is tried again: starts the vault's
   * background server (ADR-0047) and resolves with why it could not, or null. Without it, the
   * request keeps retrying within the connect window (Obsidian starting).
   */
  whenNotRunning?: () => Promise<LocalFailure | null>;
  /**
   * Holds the session to the secret its first request was sent with: a token regenerated (or
   * revoked) since ends it (`serve --stdio`, as docs/features/headless.md says). The .mcpb shim
   * follows the new secret instead, as a bundle outlives a regeneration by design.
   */
  pinSecret?: boolean;
}

export function httpUpstream(config: BundleConfig, options: UpstreamOptions = {}): Upstream {
  let legacyVersion: string | null = null;
  let sessionSecret: string | null = null;
  return {
    async send(message, emit, signal) {
      const started = Date.now();
      const method = methodOf(message);
      const deadlineAt = isUnbounded(message) ? null : started + config.deadlineMs;
      const connectUntil = Math.min(started + config.connectWindowMs, deadlineAt ?? Infinity);
      const body = JSON.stringify(message);
      const requestId = idOf(message);
      const relayed = { response: false };
      const onMessage: Emit = (out) => {
        if (requestId === undefined || idOf(out) !== requestId || 'method' in (out as object))
          return emit(out);
        relayed.response = true;
        if (method === 'initialize') legacyVersion = negotiatedVersion(out) ?? legacyVersion;
        emit(out);
      };
      let authRetried = false;
      for (let attempt = 0; ; attempt++) {
        const endpoint = await provenEndpoint(config);
        if (options.pinSecret === true && !isLocalFailure(endpoint)) {
          sessionSecret ??= endpoint.secret;
          if (endpoint.secret !== sessionSecret)
            return failure(
              'token_not_recognised',
              'the token was regenerated since this session began',
            );
        }
        const outcome: ExchangeOutcome | LocalFailure = isLocalFailure(endpoint)
          ? endpoint
          : await exchange(endpoint, body, {
              headers: protocolHeaders(message, legacyVersion),
              deadlineAt,
              signal,
              onMessage,
            });
        const verdict = judge(outcome, { requestId, relayed: relayed.response, emit });
        if (verdict === 'retry-connect' && Date.now() < connectUntil && !signal.aborted) {
          const started = await options.whenNotRunning?.();
          if (started !== null && started !== undefined && started.reason !== 'not_running')
            return started;
          if (started !== null)
            await pause(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 1000);
          continue;
        }
        if (verdict === 'retry-auth' && !authRetried) {
          authRetried = true;
          await pause(AUTH_RETRY_DELAY_MS);
          continue;
        }
        return finalFailure(verdict);
      }
    },
  };
}

/**
 * The live endpoint and the token's secret, read afresh; `not_running` while no server has
 * published its port and proof key (a fixed port alone is not enough: nothing could be proven).
 */
export async function resolveEndpoint(config: BundleConfig): Promise<Endpoint | LocalFailure> {
  const access = await readTokenAccess(config, config.tokenId);
  if (isLocalFailure(access)) return access;
  const live = await readLiveServer(deviceHomeFor(config).liveServer);
  if (live === null) return failure('not_running', 'no server has published its port');
  if (live.proofKey === null) return failure('not_our_server', 'live-server.json has no proof key');
  return { port: live.port, secret: access.secret, proofKey: live.proofKey };
}

/** The endpoint, once the listener on its port proved it is the server that published it. */
export async function provenEndpoint(config: BundleConfig): Promise<Endpoint | LocalFailure> {
  const endpoint = await resolveEndpoint(config);
  if (isLocalFailure(endpoint)) return endpoint;
  let proof = await proveServer(endpoint);
  // A live server that answers late is busy, not an impostor: asked again, within the deadline.
  for (let asked = 1; proof === 'late' && asked < LATE_PROOF_ATTEMPTS; asked++)
    proof = await proveServer(endpoint);
  if (proof === 'proven') return endpoint;
  if (proof === 'late') return failure('timeout', 'the server did not answer its proof in time');
  return proof === 'refused'
    ? failure('not_running', 'nothing listens on the published port')
    : failure('not_our_server', `port ${endpoint.port}`);
}

type Verdict = 'done' | 'retry-connect' | 'retry-auth' | LocalFailure;

function judge(
  outcome: ExchangeOutcome | LocalFailure,
  context: { requestId: unknown; relayed: boolean; emit: Emit },
): Verdict {
  if (isLocalFailure(outcome)) return outcome.reason === 'not_running' ? 'retry-connect' : outcome;
  switch (outcome.kind) {
    case 'done':
      return context.requestId === undefined || context.relayed
        ? 'done'
        : failure('bad_response', 'the response ended without an answer');
    case 'aborted':
      return 'done';
    case 'refused':
      return 'retry-connect';
    case 'unauthorized':
      return 'retry-auth';
    case 'timeout':
      return failure('timeout');
    case 'unreadable':
      return failure('bad_response', outcome.detail);
    case 'http_error':
      return relayServerError(outcome, context);
  }
}

/** A JSON-RPC error the server sent with a 4xx/5xx reaches the client under the request's id. */
function relayServerError(
  outcome: { status: number; body: string },
  context: { requestId: unknown; emit: Emit },
): Verdict {
  try {
    const parsed = JSON.parse(outcome.body) as { error?: unknown };
    if (context.requestId !== undefined && typeof parsed.error === 'object') {
      context.emit({ jsonrpc: '2.0', id: context.requestId, error: parsed.error });
      return 'done';
    }
  } catch {
    // Not JSON: reported below as an unreadable answer.
  }
  return failure('bad_response', `HTTP ${outcome.status}`);
}

function finalFailure(verdict: Verdict): LocalFailure | null {
  if (verdict === 'done') return null;
  if (verdict === 'retry-connect') return failure('not_running');
  if (verdict === 'retry-auth') return failure('token_not_recognised', 'the server answered 401');
  return verdict;
}

/** The protocol version an initialize response settled on. */
function negotiatedVersion(message: unknown): string | null {
  const result = (message as { result?: { protocolVersion?: unknown } }).result;
  return typeof result?.protocolVersion === 'string' ? result.protocolVersion : null;
}

function methodOf(message: unknown): string | null {
  const method = (message as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : null;
}

/** A request's id; undefined for notifications, responses and batches. */
export function idOf(message: unknown): string | number | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
