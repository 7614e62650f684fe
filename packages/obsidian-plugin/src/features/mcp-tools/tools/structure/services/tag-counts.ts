/**
 * Tag counting for list_tags, get_vault_overview and get_files_by_tag, the way Obsidian's tag
 * pane counts (the rules are TagTally's, packages/markdown/src/vault/tag-tally.ts): tags without
 * '#', grouped case-insensitively, a note counted once per tag, nested tags rolled up, a group
 * spelled as the first note in path order spells it.
 * Cost: nothing on a host that maintains the tally (NodeHost); otherwise one pass over the notes.
 */
import { TagTally, type TagCount } from '@mcp-connector/markdown/vault';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { bareTags } from '../../../services/tags.ts';
import { byName, notesByPath } from '../../../services/note-files.ts';

export type { TagCount };

export type TagSort = 'name' | 'count';

/** The note's tags without '#', de-duplicated case-insensitively. */
export function noteTags(host: VaultHost, path: string): string[] {
  return bareTags(host.getAllTags(path));
}

/** A tally of every note's tags, made now, for a host that maintains none. */
function tallyNow(host: VaultHost): TagTally {
  return TagTally.of(notesByPath(host).map((note) => [note.path, host.getAllTags(note.path)]));
}

/** Every tag of the vault with its rolled-up note count, in no particular order. */
export function countTags(host: VaultHost): TagCount[] {
  return host.indexed?.()?.tagCounts() ?? tallyNow(host).counts();
}

/** The notes counted for the tag `key` (lower-cased): carrying it or one nested under it. */
export function notesCountedFor(host: VaultHost, key: string): string[] {
  return host.indexed?.()?.notesCountedForTag(key) ?? tallyNow(host).notesCounted(key);
}

/** By name (natural, case-insensitive), or by count (most first, ties by name). */
export function sortTags(tags: TagCount[], sort: TagSort): TagCount[] {
  const byTag = (a: TagCount, b: TagCount) => byName(a.tag, b.tag);
  return tags.sort(sort === 'name' ? byTag : (a, b) => b.count - a.count || byTag(a, b));
}

export { tagMatches, tagQueryKey } from '../../../services/tags.ts';
