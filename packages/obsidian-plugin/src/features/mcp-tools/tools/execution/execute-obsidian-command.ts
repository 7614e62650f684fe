/**
 * execute_obsidian_command: runs one Obsidian command, only when the command gate allows it (off
 * by default; the allowlist; otherwise the user answers a modal in Obsidian). The gate's reason
 * comes back either way, and its rate warning when there is one. Headless: `commands_unavailable`.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { defineTool } from '../../define-tool.ts';
import { requireCommand, requireCommands } from './services/obsidian-commands.ts';

export const executeObsidianCommand = defineTool({
  name: 'execute_obsidian_command',
  title: 'Run command',
  description:
    'Run an Obsidian command by id (list_obsidian_commands); off unless the user enabled it; others ask first.',
  input: () => type({ commandId: 'string' }),
  unfilterable: true,
  // Obsidian runs the command: its writes never pass the host, so only the key applies.
  journal: 'outside',
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  handler: async ({ commandId }, ctx) => {
    const commands = requireCommands(ctx.host);
    const command = requireCommand(commands, commandId);
    const decision = await ctx.services.commandGate.decide(command);
    const { warning } = decision;
    if (!decision.allowed) {
      throw new ToolError('command_denied', `${command.id} was not run: ${decision.reason}.`, {
        commandId: command.id,
        reason: decision.reason,
        ...(warning !== undefined && { warning }),
      });
    }
    if (!commands.execute(command.id)) {
      throw new ToolError(
        'command_failed',
        `Obsidian did not run ${command.id}: it is not available right now (many editor commands need an open note; show_file_in_obsidian opens one).`,
        { commandId: command.id },
      );
    }
    return {
      commandId: command.id,
      name: command.name,
      executed: true,
      reason: decision.reason,
      ...(warning !== undefined && { warning }),
    };
  },
});
