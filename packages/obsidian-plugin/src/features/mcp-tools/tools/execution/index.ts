import type { Tool } from '../../define-tool.ts';
import { executeObsidianCommand } from './execute-obsidian-command.ts';
import { executeTemplate } from './execute-template.ts';
import { listObsidianCommands } from './list-obsidian-commands.ts';

export const executionTools: Tool[] = [
  executeTemplate,
  listObsidianCommands,
  executeObsidianCommand,
];
