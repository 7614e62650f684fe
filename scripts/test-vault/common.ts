/**
 * What the test-vault generator's parts share: the file map they fill, a seeded random source
 * (the same seed writes the same bytes), and frontmatter written the way Obsidian writes it
 * (lists one item a line, links quoted, dates and numbers bare, empty values blank).
 */
import { random } from '../bench/generate-vault.ts';

export type Files = Record<string, string>;
export type PropertyValue = string | number | boolean | null | readonly string[];

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  /** `count` distinct items, in a random order. */
  some<T>(items: readonly T[], count: number): T[];
}

export function seeded(seed: number): Rng {
  const next = random(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    some(items, count) {
      const pool = [...items];
      const taken: (typeof items)[number][] = [];
      while (taken.length < count && pool.length > 0) {
        taken.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as (typeof items)[number]);
      }
      return taken;
    },
  };
}

function yamlScalar(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const plain =
    /^[\p{L}\p{N}][\p{L}\p{N} ,.'’()/&+°-]*$/u.test(value) &&
    !/^(true|false|null|yes|no)$/i.test(value);
  return plain && !/^\d/.test(value) ? value : JSON.stringify(value);
}

/** A frontmatter block; keys in the order given. Dates (YYYY-MM-DD[THH:mm]) stay bare. */
export function frontmatter(properties: Record<string, PropertyValue | undefined>): string {
  const lines = ['---'];
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    if (value === null) lines.push(`${key}:`);
    else if (Array.isArray(value)) {
      lines.push(value.length === 0 ? `${key}: []` : `${key}:`);
      for (const item of value as readonly string[]) lines.push(`  - ${yamlScalar(item)}`);
    } else if (
      typeof value === 'string' &&
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(value)
    )
      lines.push(`${key}: ${value}`);
    else lines.push(`${key}: ${yamlScalar(value as string | number | boolean)}`);
  }
  lines.push('---');
  return `${lines.join('\n')}\n`;
}

/** A date `days` after `start` (YYYY-MM-DD), in UTC so the output never depends on the zone. */
export function addDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

export function weekday(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;
}

/** A short block id in Obsidian's style (six hex digits). */
export function blockId(rng: Rng): string {
  return Array.from({ length: 6 }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
}
