/**
 * The change journal as the calling tool's caller: `unsupported` where none runs.
 */
import { ToolError } from '@mcp-connector/shared';
import type { ChangeAccess } from '../../../../change-journal/index.ts';
import type { ToolContext } from '../../../tool-context.ts';

export function requireJournal(ctx: ToolContext): ChangeAccess {
  if (ctx.changes !== null) return ctx.changes;
  throw new ToolError('unsupported', 'The change journal is not running on this server.');
}
