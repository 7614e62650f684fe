/**
 * rename_vault_file: moves a file or folder; the host rewrites the links to it as Obsidian's
 * settings say. With many linking notes that is long work: headless reports each note done and
 * stops between two when the call is stopped (the journal puts back the move and the rewrites).
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { assertFileRevision } from '../../services/note-access.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import type { VaultHost } from '../../../../host/vault-host.ts';

export const renameVaultFile = defineTool({
  name: 'rename_vault_file',
  title: 'Rename or move',
  description:
    "Rename or move a file or folder; links to it are rewritten as Obsidian's settings say.",
  input: () =>
    type({ from: 'string', to: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: ADDITIVE,
  long: true,
  handler: async ({ from, to, expectedRevision }, ctx) => {
    const source = normalizeVaultPath(from, ctx.host.configDir);
    const target = normalizeVaultPath(to, ctx.host.configDir);
    const file = ctx.host.getFile(source);
    if (file === null && ctx.host.getFolder(source) === null) {
      throw new ToolError('not_found', `No file or folder ${source}.`);
    }
    if (file === null && expectedRevision !== undefined) {
      throw new ToolError(
        'invalid_arguments',
        `${source} is a folder; expectedRevision applies to a file.`,
      );
    }
    if (file !== null) await assertFileRevision(ctx.host, file, expectedRevision);
    const referencing = notesLinkingInto(ctx.host, source);
    const doing = 'Rewriting links to it';
    ctx.progress.report(0, referencing.length, doing);
    ctx.signal.throwIfAborted();
    await ctx.host.renameFile(source, target, {
      onProgress: (done, total) => ctx.progress.report(done, total, doing),
      signal: ctx.signal,
    });
    ctx.signal.throwIfAborted(); // stopped meanwhile where the host cannot stop: put back whole
    return { from: source, to: target, referencingNotes: referencing.length };
  },
});

/** Notes with a resolved link to the path, or to anything inside it when it is a folder. */
function notesLinkingInto(host: VaultHost, path: string): string[] {
  const inside = (target: string) => target === path || target.startsWith(`${path}/`);
  return Object.entries(host.resolvedLinks())
    .filter(([source, targets]) => !inside(source) && Object.keys(targets).some(inside))
    .map(([source]) => source);
}
