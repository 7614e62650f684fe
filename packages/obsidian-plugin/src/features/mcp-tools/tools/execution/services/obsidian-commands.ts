/**
 * Access to Obsidian's command palette for the command tools: headless there is none, and the
 * failure says so plainly, since no setting or argument can change it.
 */
import { ToolError } from '@mcp-connector/shared';
import type { CommandAccess, VaultHost } from '../../../../../host/vault-host.ts';

export interface ObsidianCommand {
  id: string;
  name: string;
}

export function requireCommands(host: VaultHost): CommandAccess {
  const commands = host.commands();
  if (commands !== null) return commands;
  throw new ToolError(
    'commands_unavailable',
    'Obsidian commands exist only inside Obsidian; this server runs headless over the vault folder. Use the file tools instead, or connect to the server in the Obsidian app.',
    { hostKind: host.kind },
  );
}

/** The command with exactly this id; `not_found` otherwise. */
export function requireCommand(commands: CommandAccess, commandId: string): ObsidianCommand {
  const command = commands.list().find((candidate) => candidate.id === commandId);
  if (command !== undefined) return command;
  throw new ToolError(
    'not_found',
    `No Obsidian command with the id "${commandId}"; list_obsidian_commands shows the ids.`,
    { commandId },
  );
}
