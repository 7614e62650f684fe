/**
 * A token named on the command line (`--token ID|LABEL`), by the same rule everywhere (ids
 * first, then labels in any case, never a guess between several), with a refusal that names this
 * CLI's tokens command.
 */
import { findToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { ToolError, type Settings, type TokenRecord } from '@mcp-connector/shared';
import { PROGRAM, quoted } from './usage.ts';

export function chooseToken(settings: Settings, given: string, vault: string): TokenRecord {
  try {
    return findToken(settings, given);
  } catch (error) {
    throw tokenRefusal(error, given, vault);
  }
}

/** findToken's refusal in the CLI's words; any other error as it is. */
export function tokenRefusal(error: unknown, given: string, vault: string): unknown {
  if (!(error instanceof ToolError)) return error;
  const list = `\`${PROGRAM} tokens --vault ${quoted(vault)} list\``;
  if (error.code === 'not_found')
    return new Error(
      `No token with the id or label "${given}"; ${list} shows them, \`${PROGRAM} tokens --vault ${quoted(vault)} add --label ${quoted(given)}\` adds it.`,
    );
  if (error.code === 'invalid_arguments')
    return new Error(`Several tokens are labelled "${given}"; give the id instead (${list}).`);
  return error;
}
