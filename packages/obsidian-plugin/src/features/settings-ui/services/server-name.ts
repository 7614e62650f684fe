/**
 * The server name a user types (`transport.serverName`): blank means "derive it from the vault's
 * name" (client-config's serverNameFor), anything else must be a name every client accepts.
 */
import { SERVER_NAME_PATTERN } from '../../client-config/index.ts';

/** A name typed by the user: null (blank = derived) or a valid name; throws naming the rule. */
export function checkServerName(input: string): string | null {
  const name = input.trim();
  if (name === '') return null;
  if (!SERVER_NAME_PATTERN.test(name))
    throw new Error(
      'A server name is 1-64 letters, digits, "-" or "_" (no spaces); leave it blank to use the vault\'s name.',
    );
  return name;
}
