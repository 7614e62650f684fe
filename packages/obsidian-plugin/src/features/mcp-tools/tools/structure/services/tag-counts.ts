/**
 * Tag counting for list_tags, get_vault_overview and get_files_by_tag, the way Obsidian's tag
 * pane counts (the rules are TagTally's, packages/markdown/src/vault/tag-tally.ts): tags without
 * '#', grouped case-insensitively, a note counted once per tag, nested tags rolled up, a group
 * spelled as the first note in path order spells it. The counts are the host's answers
 * (VaultAnswers: maintained by NodeHost, one pass over the notes on ObsidianHost).
 */
import type { TagCount, VaultHost } from '../../../../../host/vault-host.ts';
import { bareTags } from '../../../services/tags.ts';
import { byName } from '../../../services/note-files.ts';

export type { TagCount };

export type TagSort = 'name' | 'count';

/** The note's tags without '#', de-duplicated case-insensitively. */
export function noteTags(host: VaultHost, path: string): string[] {
  return bareTags(host.getAllTags(path));
}

/** Every tag of the vault with its rolled-up note count, in no particular order. */
export function countTags(host: VaultHost): TagCount[] {
  return host.answers().tagCounts();
}

/** The notes counted for the tag `key` (lower-cased): carrying it or one nested under it. */
export function notesCountedFor(host: VaultHost, key: string): string[] {
  return host.answers().notesCountedForTag(key);
}

/** By name (natural, case-insensitive), or by count (most first, ties by name). */
export function sortTags(tags: TagCount[], sort: TagSort): TagCount[] {
  const byTag = (a: TagCount, b: TagCount) => byName(a.tag, b.tag);
  return tags.sort(sort === 'name' ? byTag : (a, b) => b.count - a.count || byTag(a, b));
}

export { tagMatches, tagQueryKey } from '../../../services/tags.ts';
