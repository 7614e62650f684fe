/**
 * rename_tag: renames a tag across the vault, the tags nested under it too (`#a/b` becomes
 * `#to/b`), in the frontmatter's `tags` (string or list) and inline (never in code, comments or
 * links: the markdown package's editNoteTags), matched in any case. A dry run (the default) writes
 * nothing and lists each note with its revision and how many of its tags change. Applying edits
 * each note once, atomically, on its text as it is under the write lock; all the edits are one
 * change, so one undo_change takes the whole rename back. A note that already has the new name
 * keeps one entry of it in its frontmatter list. The notes are those whose tags (the host's
 * getAllTags) carry the old name; the list is capped with `total` and `truncated`, the counts
 * and the writes cover every note.
 */
import { editNoteTags } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { takePage } from '../../services/list-limits.ts';
import { longSteps } from '../../services/long-steps.ts';
import { editText } from '../../services/note-access.ts';
import { notesIn, resolveScope } from '../../services/note-scope.ts';
import { revisionOf } from '../../services/revision.ts';
import { renamingTag, requireTagName, tagMatches } from '../../services/tags.ts';

interface NoteRename {
  path: string;
  revision: string;
  frontmatter: number;
  body: number;
}

export const renameTag = defineTool({
  name: 'rename_tag',
  title: 'Rename tag',
  description:
    'Rename a tag and the tags nested under it across the vault, frontmatter and inline. Dry run by default.',
  input: () => type({ from: 'string', to: 'string', 'dryRun?': 'boolean' }),
  annotations: DESTRUCTIVE,
  long: true,
  handler: async ({ from, to, dryRun = true }, ctx) => {
    const oldName = requireTagName('from', from);
    const newName = requireTagName('to', to);
    if (oldName === newName) {
      throw new ToolError(
        'invalid_arguments',
        `from and to are both "${oldName}"; nothing to rename.`,
      );
    }
    const rewrite = renamingTag(oldName, newName);
    const notes = notesWithTag(ctx.host, oldName);
    const renamed: NoteRename[] = [];
    const doing = dryRun ? 'Looking at notes' : 'Renaming the tag in notes';
    await longSteps(ctx, notes, doing, async (note) => {
      const done = dryRun
        ? await planned(ctx.host, note, rewrite)
        : await applied(ctx.host, note, rewrite);
      if (done !== null) renamed.push(done);
    });
    const page = takePage(renamed, undefined);
    return {
      from: oldName,
      to: newName,
      dryRun,
      notesChanged: renamed.length,
      tagsChanged: renamed.reduce((sum, note) => sum + note.frontmatter + note.body, 0),
      notes: page.items,
      total: page.total,
      truncated: page.truncated,
    };
  },
});

type Rewrite = ReturnType<typeof renamingTag>;

/** The notes carrying the tag or one nested under it, by path. */
function notesWithTag(host: VaultHost, name: string): VaultFile[] {
  const key = name.toLowerCase();
  return notesIn(host, resolveScope(host, undefined)).filter((note) =>
    host.getAllTags(note.path).some((tag) => tagMatches(tag.slice(1), key, true)),
  );
}

async function planned(host: VaultHost, note: VaultFile, rewrite: Rewrite) {
  const text = await host.read(note.path);
  const edited = editNoteTags(text, rewrite);
  return counted(note.path, edited, revisionOf(text));
}

async function applied(host: VaultHost, note: VaultFile, rewrite: Rewrite) {
  const found: { edited?: ReturnType<typeof editNoteTags> } = {};
  try {
    const { revision } = await editText(host, note, (current) => {
      found.edited = editNoteTags(current, rewrite);
      return found.edited.text;
    });
    return found.edited === undefined ? null : counted(note.path, found.edited, revision);
  } catch (error) {
    // Deleted since the notes were listed: nothing of it to rename.
    if (error instanceof ToolError && error.code === 'not_found') return null;
    throw error;
  }
}

function counted(
  path: string,
  edited: ReturnType<typeof editNoteTags>,
  revision: string,
): NoteRename | null {
  const frontmatter = edited.frontmatter.length;
  const body = edited.body.length;
  return frontmatter + body === 0 ? null : { path, revision, frontmatter, body };
}
