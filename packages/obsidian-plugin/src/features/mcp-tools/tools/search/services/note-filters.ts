/**
 * Whether a note passes the narrowing clauses of a query (search-query.ts), as Obsidian's search
 * reads them, all case-insensitive: a word or "phrase" anywhere in the note's text or file name,
 * `tag:` the tag or one nested under it, `path:` part of the path, `file:` part of the file name,
 * `[name]` a property that is set, `[name:value]` a property whose value (or one of its values)
 * holds `value`.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { foldCase, foldedQueryPattern } from './case-fold.ts';
import type { Clause, ParsedQuery } from './search-query.ts';

export interface FilterNote {
  path: string;
  text: string;
}

export function passesFilters(
  host: VaultHost,
  note: FilterNote,
  filters: ParsedQuery['filters'],
): boolean {
  return filters.every(({ clause, negated }) => matches(host, note, clause) !== negated);
}

function matches(host: VaultHost, note: FilterNote, clause: Clause): boolean {
  switch (clause.kind) {
    case 'word':
    case 'phrase': {
      // The note's own text is searched: no folded copy of it is made (ADR-0038).
      const pattern = foldedQueryPattern(foldCase(clause.text));
      return pattern.test(note.text) || pattern.test(fileName(note.path));
    }
    case 'path':
      return foldCase(note.path).includes(foldCase(clause.text));
    case 'file':
      return foldCase(fileName(note.path)).includes(foldCase(clause.text));
    case 'tag':
      return hasTag(host.getAllTags(note.path), foldCase(clause.text));
    case 'property':
      return hasProperty(host.getFileCache(note.path)?.frontmatter, clause.name, clause.value);
  }
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function hasTag(tags: readonly string[], wanted: string): boolean {
  return tags.some((tag) => {
    const bare = foldCase(tag.replace(/^#/, ''));
    return bare === wanted || bare.startsWith(`${wanted}/`);
  });
}

function hasProperty(
  frontmatter: Record<string, unknown> | undefined,
  name: string,
  value: string | null,
): boolean {
  if (frontmatter === undefined) return false;
  const key = Object.keys(frontmatter).find((candidate) => foldCase(candidate) === foldCase(name));
  if (key === undefined) return false;
  const values = [frontmatter[key]].flat().filter((item) => item !== null && item !== '');
  if (value === null) return values.length > 0;
  const wanted = foldCase(value);
  return values.some((item) => foldCase(String(item)).includes(wanted));
}

/** The notes a query's operators allow, as a test on paths; null when it has none. */
export async function operatorFilter(
  host: VaultHost,
  query: ParsedQuery,
): Promise<((path: string) => boolean) | null> {
  if (query.filters.length === 0) return null;
  const allowed = new Set<string>();
  for (const note of await host.answers().noteTexts())
    if (passesFilters(host, note, query.filters)) allowed.add(note.path);
  return (path) => allowed.has(path);
}
