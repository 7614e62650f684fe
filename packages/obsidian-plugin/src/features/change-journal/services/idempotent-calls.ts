/**
 * Idempotency keys: a write called again with the same `idempotencyKey` (per token) within 24
 * hours returns the first call's result and changes nothing; the same key with another tool or
 * other arguments is `idempotency_conflict`. A call still running is waited for, so concurrent
 * replays apply once. Only successes are kept: a failed call changed nothing, so its retry runs
 * again. A key whose change or arguments now touch a hidden folder is unknown: the call runs
 * again, and meets the hidden folder as any call does.
 */
import { ToolError } from '@mcp-connector/shared';
import { createHash } from 'node:crypto';
import { canonicalJson } from './argument-summary.ts';
import type { CallOutcome } from './change-access.ts';
import type { ChangeLog } from './change-log.ts';
import type { CallKey, KeyLine } from './change-record.ts';
import { KEY_LIFETIME_MS } from './journal-bounds.ts';

export function callKey(
  tokenId: string | null,
  key: string,
  tool: string,
  args: Record<string, unknown>,
): CallKey {
  const fingerprint = createHash('sha256')
    .update(canonicalJson({ tool, args }))
    .digest('hex')
    .slice(0, 32);
  return { tokenId, key, fingerprint };
}

export class IdempotentCalls {
  private readonly running = new Map<
    string,
    { fingerprint: string; outcome: Promise<CallOutcome<unknown>> }
  >();

  constructor(
    private readonly log: ChangeLog,
    /** Whether a key is visible to callers (false when its change or arguments touch a hidden path). */
    private readonly visible: (line: KeyLine) => boolean,
    private readonly now: () => number,
  ) {}

  /**
   * Runs the call unless its key is answered. A key is only ever used by one caller's calls
   * (features/mcp-tools' callTool), so the answer it kept is of the `Answer` type asked for.
   */
  async once<Answer>(
    key: CallKey,
    run: () => Promise<CallOutcome<Answer>>,
  ): Promise<CallOutcome<Answer>> {
    const id = `${key.tokenId ?? ''}\n${key.key}`;
    const running = this.running.get(id);
    if (running !== undefined) {
      if (running.fingerprint !== key.fingerprint) return conflict(key.key);
      return running.outcome as Promise<CallOutcome<Answer>>;
    }
    const answered = this.answered<Answer>(key);
    if (answered !== null) return answered;
    const outcome = run();
    this.running.set(id, { fingerprint: key.fingerprint, outcome });
    try {
      return await outcome;
    } finally {
      this.running.delete(id);
    }
  }

  /**
   * The answer a key already has in the log (the first call's result, or why it cannot be
   * replayed), or null when the call is to run. A journaled call asks again once it has its turn
   * at the journal, since another server may have answered the key meanwhile (ADR-0030).
   */
  answered<Answer>(key: CallKey): CallOutcome<Answer> | null {
    const stored = this.log.key(key.tokenId, key.key);
    const live =
      stored !== null &&
      Date.parse(stored.time) >= this.now() - KEY_LIFETIME_MS &&
      this.visible(stored);
    if (stored === null || !live) return null;
    if (stored.fingerprint !== key.fingerprint) return conflict(key.key);
    if (stored.result === null) return interrupted(key.key, stored.change);
    return { ok: true, answer: stored.result as Answer };
  }
}

function conflict(key: string): CallOutcome<never> {
  return failed(
    new ToolError(
      'idempotency_conflict',
      `idempotencyKey "${key}" was used in the last 24 hours for a different call (another tool or other arguments); use a new key for a new call.`,
      { idempotencyKey: key },
    ),
  );
}

function interrupted(key: string, change: string | null): CallOutcome<never> {
  return failed(
    new ToolError(
      'idempotency_conflict',
      `The first call with idempotencyKey "${key}" was cut off by a restart; what it did is change ${change} (interrupted) in list_changes. Check it, then retry with a new key.`,
      { idempotencyKey: key, change },
    ),
  );
}

function failed(error: ToolError): CallOutcome<never> {
  return { ok: false, failure: error.toFailure() };
}
