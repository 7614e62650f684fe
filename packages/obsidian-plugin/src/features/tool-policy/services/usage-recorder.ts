/**
 * Counts requests per token and protocol line, and successful calls per tool, in memory, and
 * writes them to the settings at most every FLUSH_MS (and on close), in one write: counting
 * must never cost a settings write per request. Writes run one after another, and close waits
 * for the one under way, so nothing writes data.json after the server has stopped.
 */
import type { Settings, TokenUsage } from '@mcp-connector/shared';
import { clearInterval, setInterval } from 'node:timers';
import type { SettingsStore, SliceChanges } from '../../settings/index.ts';

export const FLUSH_MS = 5000;

export class UsageRecorder {
  private requests = new Map<string, { legacy: number; modern: number; lastSeen: string }>();
  private calls = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly settings: SettingsStore) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_MS);
    this.timer.unref?.();
  }

  recordRequest(tokenId: string, era: 'legacy' | 'modern', now: Date = new Date()): void {
    const entry = this.requests.get(tokenId) ?? {
      legacy: 0,
      modern: 0,
      lastSeen: now.toISOString(),
    };
    entry[era]++;
    entry.lastSeen = now.toISOString();
    this.requests.set(tokenId, entry);
  }

  recordCall(tool: string): void {
    this.calls.set(tool, (this.calls.get(tool) ?? 0) + 1);
  }

  /** Calls of a tool so far: persisted plus not yet flushed. */
  callsOf(tool: string): number {
    return (this.settings.current.toolPolicy.callCounts[tool] ?? 0) + (this.calls.get(tool) ?? 0);
  }

  flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    this.writing = next.catch(() => undefined); // a failed write does not block the next ones
    return next;
  }

  private async write(): Promise<void> {
    if (this.requests.size === 0 && this.calls.size === 0) return;
    const requests = this.requests;
    const calls = this.calls;
    this.requests = new Map();
    this.calls = new Map();
    const changes: SliceChanges = {};
    if (requests.size > 0) changes.usage = (usage) => addRequests(usage, requests);
    if (calls.size > 0)
      changes.toolPolicy = (policy) => ({
        ...policy,
        callCounts: addCalls(policy.callCounts, calls),
      });
    await this.settings.updateSlices(changes); // one write for both
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

function addRequests(
  usage: Settings['usage'],
  requests: Map<string, { legacy: number; modern: number; lastSeen: string }>,
): Settings['usage'] {
  const next: Record<string, TokenUsage> = { ...usage };
  for (const [tokenId, added] of requests) {
    const before = next[tokenId] ?? { legacy: 0, modern: 0, lastSeen: null };
    next[tokenId] = {
      legacy: before.legacy + added.legacy,
      modern: before.modern + added.modern,
      lastSeen: added.lastSeen,
    };
  }
  return next;
}

function addCalls(
  counts: Record<string, number>,
  calls: Map<string, number>,
): Record<string, number> {
  const next = { ...counts };
  for (const [tool, added] of calls) next[tool] = (next[tool] ?? 0) + added;
  return next;
}
