/**
 * The short summary of a call's arguments a change is listed with: the arguments as JSON, long
 * strings cut (a note's whole content becomes its first words and its length), the whole capped.
 */
const STRING_CAP = 40;
const ARRAY_CAP = 5;
const SUMMARY_CAP = 200;

export function summarizeArguments(args: Record<string, unknown>): string {
  const json = JSON.stringify(shorten(args));
  return json.length <= SUMMARY_CAP ? json : `${json.slice(0, SUMMARY_CAP - 1)}…`;
}

function shorten(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length <= STRING_CAP
      ? value
      : `${value.slice(0, STRING_CAP)}… (${value.length} chars)`;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, ARRAY_CAP).map(shorten);
    return value.length > ARRAY_CAP ? [...shown, `… (${value.length} items)`] : shown;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shorten(inner)]));
  }
  return value;
}

/** The arguments as one canonical JSON text (keys sorted), for comparing two calls. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

const PATH_ARGUMENTS = new Set(['path', 'from', 'to', 'paths']);

/** Every path a call's arguments name (`path`, `from`, `to`, `paths`, at any depth: a batch's). */
export function argumentPaths(args: unknown): string[] {
  const paths = new Set<string>();
  const visit = (value: unknown, named: boolean): void => {
    if (typeof value === 'string') {
      if (named) paths.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, named);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, PATH_ARGUMENTS.has(key));
    }
  };
  visit(args, false);
  return [...paths];
}
