/**
 * Frontmatter values from agent content: `content` is JSON when it parses (so `["a","b"]`, `3`,
 * `true` and `null` are typed), otherwise the string itself. Replace sets the value; append and
 * prepend add to a list (a scalar becomes a list first), join two strings, or merge two
 * mappings; anything else is refused rather than guessed.
 */
import { ToolError } from '@mcp-connector/shared';
import type { PatchOperation } from './patch-request.ts';
import { isRecord } from '@mcp-connector/shared/is-record';

export function parseValue(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return content;
  }
}

/** The key's new value; `existing` is undefined when the key is missing. */
export function combineValue(
  operation: PatchOperation,
  existing: unknown,
  value: unknown,
): unknown {
  if (operation === 'replace' || existing === undefined || existing === null) return value;
  const before = operation === 'prepend';
  if (typeof existing === 'string' && typeof value === 'string') {
    return before ? value + existing : existing + value;
  }
  if (isRecord(existing)) {
    if (!isRecord(value)) {
      throw new ToolError(
        'invalid_arguments',
        `The key holds a mapping; ${operation} a JSON object to merge into it, or use operation "replace".`,
      );
    }
    return before ? { ...value, ...existing, ...value } : { ...existing, ...value };
  }
  const list = Array.isArray(existing) ? (existing as unknown[]) : [existing];
  const added = Array.isArray(value) ? (value as unknown[]) : [value];
  return before ? [...added, ...list] : [...list, ...added];
}

/** The value as text, for comparing with `expectedContent`. */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
