/**
 * Finds the token record a request's `Authorization: Bearer` header names. data.json keeps each
 * secret's keyed hash (ADR-0033), so the presented secret is hashed under every token's id and
 * compared in constant time, without stopping at a match: response timing says nothing about
 * which secrets exist or how much of one was guessed. At most MAX_TOKENS HMACs a request
 * (about 2 µs each, ADR-0033), so no cache of verified secrets is kept.
 */
import { secretMatches, type TokenRecord } from '@mcp-connector/shared';

const BEARER = /^Bearer +(\S+) *$/i;

export function matchBearerToken(
  authorization: string | undefined,
  tokens: readonly TokenRecord[],
): TokenRecord | null {
  const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  let match: TokenRecord | null = null;
  for (const token of tokens) {
    const equal = secretMatches(token, presented ?? '');
    if (equal && presented !== undefined && match === null) match = token;
  }
  return match;
}
