/**
 * Counts requests per token and protocol line, and successful calls per tool, in memory, and
 * adds them to this device's usage file (the settings store's `usage`, in the vault's device
 * home: ADR-0033) at most every FLUSH_MS and on close, in one write: counting never costs a
 * write per request, and never writes data.json. Writes run one after another, and close waits
 * for the one under way, so nothing is written after the server has stopped.
 */
import { clearInterval, setInterval } from 'node:timers';
import type { DeviceUsage, UsageState } from '../../settings/index.ts';
import { withCounters } from '../../settings/index.ts';

export const FLUSH_MS = 5000;

export class UsageRecorder {
  private requests = new Map<string, { legacy: number; modern: number; lastSeen: string }>();
  private calls = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly usage: DeviceUsage) {
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

  /** Calls of a tool so far: kept on the device plus not yet flushed. */
  callsOf(tool: string): number {
    return (this.usage.current.calls[tool] ?? 0) + (this.calls.get(tool) ?? 0);
  }

  flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    this.writing = next.catch(() => undefined); // a failed write does not block the next ones
    return next;
  }

  private async write(): Promise<void> {
    if (this.requests.size === 0 && this.calls.size === 0) return;
    const added: Pick<UsageState, 'requests' | 'calls'> = {
      requests: Object.fromEntries(this.requests),
      calls: Object.fromEntries(this.calls),
    };
    this.requests = new Map();
    this.calls = new Map();
    await this.usage.update((current) => withCounters(current, added));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
