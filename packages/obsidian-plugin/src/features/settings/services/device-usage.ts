/**
 * What serving learns on this device, kept in the vault's device home (usage.json, ADR-0033) so
 * that serving never writes data.json: requests per token and protocol line with the last time
 * seen, successful calls per tool, the tools adaptive use promoted, and the tools a client pinned
 * with activate_tool's `persist`. Changed under a lock file and written atomically, so the plugin
 * and headless servers of one device add up; read back (one `stat` when unchanged) whenever used.
 * Anything unreadable reads as nothing learnt yet.
 */
import { writeFileAtomic, type TokenUsage } from '@mcp-connector/shared';
import { readFileSync, statSync } from 'node:fs';
import { withFileLock } from './file-lock.ts';
import { isRecord } from '@mcp-connector/shared/is-record';

export interface UsageState {
  /** Requests per token id. */
  requests: Record<string, TokenUsage>;
  /** Successful calls per tool, all tokens together (adaptive promotion counts these). */
  calls: Record<string, number>;
  /** Tools promoted by adaptive use, for every adaptive token (data.json's list is the user's). */
  promoted: string[];
  /** Tools pinned per token id by activate_tool with `persist`. */
  pinned: Record<string, string[]>;
}

export function emptyUsage(): UsageState {
  return { requests: {}, calls: {}, promoted: [], pinned: {} };
}

export class DeviceUsage {
  private cached: { signature: string; state: UsageState } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(readonly path: string) {}

  get current(): UsageState {
    const signature = signatureOf(this.path);
    if (this.cached?.signature !== signature)
      this.cached = { signature, state: parseUsage(readText(this.path)) };
    return this.cached.state;
  }

  /** Changes the state in one locked read-modify-write; nothing is written when unchanged. */
  async update(change: (current: UsageState) => UsageState): Promise<UsageState> {
    const next = await withFileLock(`${this.path}.lock`, async () => {
      const current = parseUsage(readText(this.path));
      const changed = change(current);
      if (JSON.stringify(changed) === JSON.stringify(current)) return current;
      await writeFileAtomic(this.path, `${JSON.stringify({ version: 1, ...changed })}\n`);
      return changed;
    });
    this.cached = { signature: signatureOf(this.path), state: next };
    for (const listener of this.listeners) listener();
    return next;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The state with more requests and calls added (the later `lastSeen` of the two wins). */
export function withCounters(
  state: UsageState,
  added: Pick<UsageState, 'requests' | 'calls'>,
): UsageState {
  const requests = { ...state.requests };
  for (const [tokenId, more] of Object.entries(added.requests)) {
    const before = requests[tokenId] ?? { legacy: 0, modern: 0, lastSeen: null };
    requests[tokenId] = {
      legacy: before.legacy + more.legacy,
      modern: before.modern + more.modern,
      lastSeen:
        [before.lastSeen, more.lastSeen]
          .filter((seen): seen is string => seen !== null)
          .sort()
          .at(-1) ?? null,
    };
  }
  const calls = { ...state.calls };
  for (const [tool, more] of Object.entries(added.calls)) calls[tool] = (calls[tool] ?? 0) + more;
  return { ...state, requests, calls };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function signatureOf(path: string): string {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

/** The file's state, each part checked; a part that is not what it should be reads as empty. */
export function parseUsage(text: string): UsageState {
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    value = isRecord(parsed) ? parsed : {};
  } catch {
    value = {};
  }
  return {
    requests: entries(value.requests, isTokenUsage),
    calls: entries(
      value.calls,
      (count): count is number => Number.isInteger(count) && (count as number) >= 0,
    ),
    promoted: names(value.promoted),
    pinned: Object.fromEntries(
      Object.entries(isRecord(value.pinned) ? value.pinned : {}).map(([id, list]) => [
        id,
        names(list),
      ]),
    ),
  };
}

function entries<T>(value: unknown, valid: (item: unknown) => item is T): Record<string, T> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, T] => valid(entry[1])),
  );
}

function names(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((name): name is string => typeof name === 'string')
    : [];
}

function isTokenUsage(value: unknown): value is TokenUsage {
  if (!isRecord(value)) return false;
  const { legacy, modern, lastSeen } = value;
  return (
    Number.isInteger(legacy) &&
    Number.isInteger(modern) &&
    (lastSeen === null || typeof lastSeen === 'string')
  );
}
