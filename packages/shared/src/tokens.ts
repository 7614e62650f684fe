import { randomBytes, randomUUID } from 'node:crypto';

/** One client's credential. The secret is sent as `Authorization: Bearer <secret>`. */
export interface TokenRecord {
  id: string;
  label: string;
  secret: string;
  createdAt: string;
}

export const MAX_TOKENS = 10;

/** 32 random bytes, base64url: 43 characters, no padding. */
export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function newTokenRecord(label: string, now: Date = new Date()): TokenRecord {
  return { id: randomUUID(), label, secret: newTokenSecret(), createdAt: now.toISOString() };
}
