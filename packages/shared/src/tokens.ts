import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * One client's credential as data.json keeps it: never the secret, only its hash (ADR-0033). The
 * secret is sent as `Authorization: Bearer <secret>`; this device keeps it in its device home.
 */
export interface TokenRecord {
  id: string;
  label: string;
  /** `hmac-sha256:` and the base64url HMAC-SHA256 of the secret, keyed by the token id. */
  hash: string;
  createdAt: string;
}

/** A token with its secret, as this device holds it (null: created on another device). */
export interface DeviceToken extends TokenRecord {
  secret: string | null;
}

/** A token just created or regenerated here, with the secret shown once. */
export interface IssuedToken extends TokenRecord {
  secret: string;
}

export const MAX_TOKENS = 10;

export const SECRET_HASH_PREFIX = 'hmac-sha256:';

/** What a token's hash looks like in data.json. */
export const SECRET_HASH_PATTERN = /^hmac-sha256:[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: 43 characters, no padding. */
export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A fast keyed hash is enough: secrets are 256 random bits, so nothing can be guessed from it; the
 * key (the token id) makes equal secrets of two tokens hash apart.
 */
export function hashSecret(tokenId: string, secret: string): string {
  return SECRET_HASH_PREFIX + secretDigest(tokenId, secret).toString('base64url');
}

/** Whether `secret` is the token's, in time that does not depend on how much of it matches. */
export function secretMatches(token: Pick<TokenRecord, 'id' | 'hash'>, secret: string): boolean {
  const stored = storedDigest(token.hash);
  const presented = secretDigest(token.id, secret);
  return timingSafeEqual(stored ?? presented, presented) && stored !== null;
}

export function newToken(label: string, now: Date = new Date()): IssuedToken {
  return withSecret({ id: randomUUID(), label, createdAt: now.toISOString() }, newTokenSecret());
}

/** The record with a new secret: same id, label and date, the hash of `secret`. */
export function withSecret(token: Omit<TokenRecord, 'hash'>, secret: string): IssuedToken {
  const { id, label, createdAt } = token;
  return { id, label, hash: hashSecret(id, secret), createdAt, secret };
}

/** The token with its secret; throws when this device does not hold it (tests, scripts). */
export function heldHere(token: DeviceToken): IssuedToken {
  const { secret } = token;
  if (secret === null)
    throw new Error(`The secret of "${token.label}" is not on this device (ADR-0033).`);
  return { ...token, secret };
}

/**
 * The tokens `idOrLabel` names: the one with that id, else those with that label (any case). One
 * answer is the token; more than one is an ambiguous label.
 */
export function tokensNamed<T extends Pick<TokenRecord, 'id' | 'label'>>(
  tokens: readonly T[],
  idOrLabel: string,
): T[] {
  const byId = tokens.find((token) => token.id === idOrLabel);
  if (byId !== undefined) return [byId];
  const wanted = idOrLabel.trim().toLowerCase();
  return tokens.filter((token) => token.label.toLowerCase() === wanted);
}

/** The record as data.json keeps it (no secret). */
export function recordOf(token: TokenRecord): TokenRecord {
  const { id, label, hash, createdAt } = token;
  return { id, label, hash, createdAt };
}

function secretDigest(tokenId: string, secret: string): Buffer {
  return createHmac('sha256', tokenId).update(secret, 'utf8').digest();
}

function storedDigest(hash: string): Buffer | null {
  if (!SECRET_HASH_PATTERN.test(hash)) return null;
  return Buffer.from(hash.slice(SECRET_HASH_PREFIX.length), 'base64url');
}
