/**
 * Finds the token record a request's `Authorization: Bearer` header names. Every stored secret
 * is compared, in constant time and without stopping at a match, so response timing says nothing
 * about which secrets exist or how much of one was guessed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TokenRecord } from '@mcp-connector/shared';

const BEARER = /^Bearer +(\S+) *$/i;

export function matchBearerToken(
  authorization: string | undefined,
  tokens: readonly TokenRecord[],
): TokenRecord | null {
  const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  const presentedDigest = digest(presented ?? '');
  let match: TokenRecord | null = null;
  for (const token of tokens) {
    const equal = timingSafeEqual(presentedDigest, digest(token.secret));
    if (equal && presented !== undefined && match === null) match = token;
  }
  return match;
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
