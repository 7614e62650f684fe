/**
 * update_note_tags: adds tags to a note's frontmatter `tags` and removes tags from it and from the
 * body (inline `#tags`), in one atomic edit (the markdown package's editNoteTags: only what
 * changes is rewritten; never code, comments or links). Tags are named with or without '#' and
 * matched in any case; removing `a` leaves the nested `a/b`. A tag the note already has (in the
 * frontmatter or the body) is not added again. The answer says where each removed tag was.
 */
import { editNoteTags, getAllTags, parseMetadata } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { editText, requireFile } from '../../services/note-access.ts';
import { requireTagName } from '../../services/tags.ts';
import { invalidFrontmatter, requireNote } from './services/note-properties.ts';

interface Outcome {
  added: string[];
  alreadyPresent: string[];
  removed: { tag: string; from: ('frontmatter' | 'body')[] }[];
  notFound: string[];
}

export const updateNoteTags = defineTool({
  name: 'update_note_tags',
  title: 'Update tags',
  description:
    'Add tags to a note (frontmatter) and remove tags from frontmatter and body; "#" optional, any case.',
  input: () =>
    type({
      path: 'string',
      'add?': 'string[]',
      'remove?': 'string[]',
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: OVERWRITE,
  handler: async ({ path, add = [], remove = [], expectedRevision }, ctx) => {
    const file = requireNote(requireFile(ctx.host, path));
    const adding = add.map((tag) => requireTagName('add', tag));
    const removing = remove.map((tag) => requireTagName('remove', tag));
    checkRequest(adding, removing);
    const found: { outcome?: Outcome } = {};
    const { revision, changed } = await editText(
      ctx.host,
      file,
      (current) => {
        const edited = updateTags(file.path, current, adding, removing);
        found.outcome = edited.outcome;
        return edited.text;
      },
      expectedRevision,
    );
    return { path: file.path, ...(found.outcome as Outcome), changed, revision };
  },
});

function checkRequest(adding: readonly string[], removing: readonly string[]): void {
  if (adding.length === 0 && removing.length === 0) {
    throw new ToolError(
      'invalid_arguments',
      'Nothing to do: give tags to add, to remove, or both.',
    );
  }
  const removed = new Set(removing.map((tag) => tag.toLowerCase()));
  const both = adding.filter((tag) => removed.has(tag.toLowerCase()));
  if (both.length > 0) {
    throw new ToolError(
      'invalid_arguments',
      `${both.join(', ')} is both added and removed; name each tag in one list.`,
    );
  }
}

function updateTags(
  path: string,
  text: string,
  adding: readonly string[],
  removing: readonly string[],
): { text: string; outcome: Outcome } {
  const present = new Set(
    (getAllTags(parseMetadata(text)) ?? []).map((tag) => tag.slice(1).toLowerCase()),
  );
  const toAdd = unique(adding).filter((tag) => !present.has(tag.toLowerCase()));
  const keys = new Set(removing.map((tag) => tag.toLowerCase()));
  const edited = editNoteTags(
    text,
    (tag) => (keys.has(tag.toLowerCase()) ? null : undefined),
    toAdd,
  );
  if (edited.invalidFrontmatter && toAdd.length > 0) {
    throw invalidFrontmatter(path, 'it does not parse as a YAML mapping of keys to values');
  }
  const placesOf = (tag: string) => {
    const key = tag.toLowerCase();
    const places: ('frontmatter' | 'body')[] = [];
    if (edited.frontmatter.some((change) => change.from.toLowerCase() === key))
      places.push('frontmatter');
    if (edited.body.some((change) => change.from.toLowerCase() === key)) places.push('body');
    return places;
  };
  const removals = unique(removing).map((tag) => ({ tag, from: placesOf(tag) }));
  return {
    text: edited.text,
    outcome: {
      added: edited.added,
      alreadyPresent: unique(adding).filter((tag) => present.has(tag.toLowerCase())),
      removed: removals.filter((removal) => removal.from.length > 0),
      notFound: removals
        .filter((removal) => removal.from.length === 0)
        .map((removal) => removal.tag),
    },
  };
}

/** The tags once each, in any case, in the order given. */
function unique(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const once: string[] = [];
  for (const tag of tags) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    once.push(tag);
  }
  return once;
}
