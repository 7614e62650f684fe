/**
 * list_obsidian_commands: the ids and names of Obsidian's commands (the command palette), sorted
 * by id, optionally filtered by a case-insensitive substring of the id or the name. Read-only and
 * always safe: listing runs nothing, so it is not behind the command gate.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireCommands, type ObsidianCommand } from './services/obsidian-commands.ts';

export const listObsidianCommands = defineTool({
  name: 'list_obsidian_commands',
  title: 'List commands',
  description:
    "Obsidian's commands (id, name) by id; filter: text in the id or name, any case. Only in Obsidian.",
  input: () => type({ 'filter?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  indexFree: true,
  handler: async ({ filter, limit }, ctx) => {
    const commands = requireCommands(ctx.host)
      .list()
      .filter(matching(filter ?? ''));
    const page = takePage(commands.sort(byId), limit);
    return { commands: page.items, total: page.total, truncated: page.truncated };
  },
});

function matching(filter: string): (command: ObsidianCommand) => boolean {
  const needle = filter.trim().toLowerCase();
  return (command) =>
    command.id.toLowerCase().includes(needle) || command.name.toLowerCase().includes(needle);
}

function byId(a: ObsidianCommand, b: ObsidianCommand): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
