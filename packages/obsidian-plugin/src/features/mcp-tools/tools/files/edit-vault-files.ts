/**
 * edit_vault_files: an ordered batch of single-file edits applied as one change: all validated
 * first (services/batch-operations.ts), then applied in order; if one fails, the change
 * journal rolls back those already applied, so the vault is byte for byte as before, and the
 * answer names the failing operation. One batch is one change, so one undo_change undoes it all.
 * It reports each operation done, and a stopped batch is put back whole.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { longSteps } from '../../services/long-steps.ts';
import { RichOutput } from '../../tool-output.ts';
import { requireJournal } from '../changes/services/journal-access.ts';
import {
  OPERATION_TOOLS,
  checkInTurn,
  checkPreconditions,
  inOperation,
  planOperation,
  type OperationName,
} from './services/batch-operations.ts';

const MAX_OPERATIONS = 100;

function operationSchema() {
  return type({
    op: type.enumerated(...(Object.keys(OPERATION_TOOLS) as OperationName[])),
    path: 'string',
    '[string]': 'unknown',
  });
}

export const editVaultFiles = defineTool({
  name: 'edit_vault_files',
  title: 'Batch edit',
  description:
    "Edits as one atomic change (op, path and that tool's arguments each; rename: to). If one fails, none apply.",
  input: () => type({ operations: operationSchema().array() }),
  annotations: DESTRUCTIVE,
  long: true,
  handler: async ({ operations }, ctx) => {
    requireJournal(ctx);
    if (operations.length > MAX_OPERATIONS) {
      throw new ToolError(
        'too_large',
        `${operations.length} operations; a batch holds at most ${MAX_OPERATIONS}. Split it.`,
      );
    }
    const planned = operations.map((entry, index) =>
      planOperation(entry, index, ctx.host, ctx.permit),
    );
    await checkPreconditions(planned, ctx.host);
    const results: Record<string, unknown>[] = [];
    // Each operation's own progress stays quiet: the batch counts operations.
    const operationContext = { ...ctx, progress: { report: () => undefined } };
    await longSteps(ctx, planned, 'Applying operations', async (step) => {
      const output = await inOperation(step, async () => {
        checkInTurn(step, ctx.host);
        return step.tool.run(step.args, operationContext);
      });
      const data = output instanceof RichOutput ? output.data : output;
      results.push({ op: step.op, ...data });
    });
    return { applied: results.length, results };
  },
});
