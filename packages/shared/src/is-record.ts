/** A plain JSON object (not null, not an array), as parsed JSON and YAML give one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
