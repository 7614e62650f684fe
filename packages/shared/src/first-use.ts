/**
 * A value made the first time it is asked for, then kept. Module-level ArkType schemas are made
 * this way: built at module load, they would be built while Obsidian evaluates main.js, and a
 * union of objects costs ArkType milliseconds to discriminate (ADR-0022).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
