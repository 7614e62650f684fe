import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deviceHomeOf } from '../device-home.ts';
import { readDeviceSecret } from '../device-secrets.ts';

/**
 * The secret of the vault's first token, as a client on this device finds it: the token's id in
 * data.json (`pluginData`, relative to the vault), its secret in this device's home (ADR-0033).
 */
export async function firstTokenSecret(vault: string, pluginData: string): Promise<string> {
  const settings = JSON.parse(await readFile(join(vault, pluginData), 'utf8')) as {
    tokens: { id: string }[];
  };
  const id = settings.tokens[0]?.id ?? '';
  const secret = readDeviceSecret(deviceHomeOf(realpathSync(vault)).secrets, id);
  if (secret === null) throw new Error(`No secret on this device for the first token of ${vault}.`);
  return secret;
}
