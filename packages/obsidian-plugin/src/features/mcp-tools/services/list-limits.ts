/**
 * The list rules every listing tool follows: `limit` defaults to 200 and is clamped to 1000;
 * results say whether they were cut (`truncated`) and how many items there really are (`total`).
 */

export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 1000;

/** Schema for an optional `limit` argument: any positive integer, clamped later. */
export const limitArgument = 'number.integer >= 1' as const;

export interface Page<T> {
  items: T[];
  total: number;
  truncated: boolean;
}

export function takePage<T>(items: readonly T[], limit: number | undefined): Page<T> {
  const effective = Math.min(limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  return {
    items: items.slice(0, effective),
    total: items.length,
    truncated: items.length > effective,
  };
}
