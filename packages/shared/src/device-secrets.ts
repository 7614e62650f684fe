/**
 * Reading this device's token secrets (device-home.ts `secrets`): `{"version": 1, "tokens":
 * {"<token id>": "<secret>"}}`, mode 0600. The settings store writes it (features/settings);
 * the stdio shim and the Python bridge read it at connect time. Node built-ins only. Anything
 * unreadable reads as no secrets: a connection then fails closed, and says why.
 */
import { readFileSync } from 'node:fs';

export interface DeviceSecretsFile {
  version: 1;
  tokens: Record<string, string>;
}

/** Every secret the file holds, by token id ({} when there is no readable file). */
export function readDeviceSecrets(path: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
  const tokens = (value as { tokens?: unknown } | null)?.tokens;
  if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens)) return {};
  return Object.fromEntries(
    Object.entries(tokens).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

export function readDeviceSecret(path: string, tokenId: string): string | null {
  return readDeviceSecrets(path)[tokenId] ?? null;
}
