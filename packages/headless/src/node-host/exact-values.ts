/**
 * Whether a note's frontmatter survives a trip out of the parser unchanged: through JSON into
 * the on-disk metadata cache, or through a copy between threads (a parse worker's answer). Both
 * carry plain objects, arrays, strings, booleans, null and finite numbers exactly; NaN, Infinity
 * and -0 (not in JSON), objects without Object's prototype and own `__proto__` keys are refused.
 */
export function carriesExactly(value: unknown): boolean {
  return value === undefined || isExactInJson(value);
}

function isExactInJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      if (!(i in value) || !isExactInJson(value[i])) return false;
    return true;
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  if (Object.hasOwn(value, '__proto__')) return false;
  return Object.values(value).every(isExactInJson);
}
