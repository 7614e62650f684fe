/**
 * Counting a property's values across notes, for list_property_values. Each note counts once per
 * distinct value; a list counts once per distinct item, so `tags: [a, b]` adds one to `a` and
 * one to `b`. Values are told apart by type and content (`1` and `"1"` are two values). Order:
 * most notes first, then by value (booleans, numbers, strings, null, anything else), so the same
 * vault always gives the same list.
 */
export interface ValueCount {
  value: unknown;
  count: number;
}

/** `noteValues` holds one entry per note: the property's value in that note. */
export function tallyValues(noteValues: Iterable<unknown>): ValueCount[] {
  const counts = new Map<string, ValueCount>();
  for (const noteValue of noteValues) {
    const items = Array.isArray(noteValue) ? (noteValue as unknown[]) : [noteValue];
    for (const [identity, value] of distinctByIdentity(items)) {
      const entry = counts.get(identity);
      if (entry === undefined) counts.set(identity, { value, count: 1 });
      else entry.count++;
    }
  }
  return [...counts.values()].sort(byCountThenValue);
}

function distinctByIdentity(items: unknown[]): Map<string, unknown> {
  return new Map(items.map((item) => [JSON.stringify(item) ?? 'null', item]));
}

function byCountThenValue(a: ValueCount, b: ValueCount): number {
  return b.count - a.count || compareValues(a.value, b.value);
}

const TYPE_ORDER = ['boolean', 'number', 'string', 'null'];

function typeRank(value: unknown): number {
  const name = value === null ? 'null' : typeof value;
  const rank = TYPE_ORDER.indexOf(name);
  return rank === -1 ? TYPE_ORDER.length : rank;
}

function compareValues(a: unknown, b: unknown): number {
  const byType = typeRank(a) - typeRank(b);
  if (byType !== 0) return byType;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const textA = typeof a === 'string' ? a : JSON.stringify(a);
  const textB = typeof b === 'string' ? b : JSON.stringify(b);
  const natural = textA.localeCompare(textB, undefined, { numeric: true });
  if (natural !== 0) return natural;
  return textA < textB ? -1 : textA > textB ? 1 : 0;
}
