/**
 * How deeply a JSON text nests, found by one pass over its characters (strings and escapes
 * skipped), without parsing it: deep nesting is refused before any recursive code (JSON.parse,
 * schema validation, JsonLogic) sees it.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` opens more than `limit` arrays or objects inside one another. */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
