/**
 * How a relay (the .mcpb shim, the Python bridge, `connect`) knows that the listener on the port
 * live-server.json names is this vault's server before it sends a token's secret (ADR-0042).
 * Each server start makes a random key and publishes it in live-server.json, in the vault's
 * device home, readable by the user only. A relay asks `GET PROOF_PATH?challenge=<hex>` (no
 * secret sent) and checks the answer: an HMAC-SHA256 of the challenge and the port with the key.
 * Another program on the port cannot answer without the key; a relay of the question to the real
 * server (on another port) gets an answer for that port, not this one. Node built-ins only (the
 * shim is bundled without dependencies); the bridge computes the same (`proof_of`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const PROOF_PATH = '/mcp/proof';

export function newProofKey(): string {
  return randomBytes(32).toString('hex');
}

export function newChallenge(): string {
  return randomBytes(16).toString('hex');
}

export function isProofKey(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export function isChallenge(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32,128}$/.test(value);
}

/** The proof a server with `key`, listening on `port`, gives for `challenge`. */
export function proofOf(key: string, challenge: string, port: number): string {
  return createHmac('sha256', Buffer.from(key, 'hex'))
    .update(`mcp-connector proof ${port} ${challenge}`)
    .digest('hex');
}

export function proofMatches(key: string, challenge: string, port: number, proof: unknown) {
  if (typeof proof !== 'string' || !/^[0-9a-f]{64}$/.test(proof)) return false;
  return timingSafeEqual(
    Buffer.from(proof, 'hex'),
    Buffer.from(proofOf(key, challenge, port), 'hex'),
  );
}
