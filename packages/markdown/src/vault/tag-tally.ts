/**
 * Tag counts the way Obsidian's tag pane counts them, kept current note by note: tags without
 * '#', grouped case-insensitively, a note counted once per tag however often it carries it, and
 * nested tags rolled up (a note tagged `a/b/c` also counts for `a/b` and `a`). A group is shown
 * in the spelling of the first note carrying it in path order (code units), so the answer never
 * depends on the order notes were added.
 * Cost: setting a note touches only its own tags; `counts()` is rebuilt from the groups (one
 * entry per distinct tag) after a change, and a group's spelling is looked for again only when
 * the note that gave it goes.
 */

export interface TagCount {
  tag: string;
  /** Notes carrying the tag or one nested under it. */
  count: number;
}

/** Tags as tools report them: without '#', de-duplicated case-insensitively, first seen first. */
export function bareTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags) {
    const bare = tag.startsWith('#') ? tag.slice(1) : tag;
    if (bare !== '' && !seen.has(bare.toLowerCase())) seen.set(bare.toLowerCase(), bare);
  }
  return [...seen.values()];
}

/** `a/b/c` and its ancestors: `a`, `a/b`, `a/b/c` (empty segments never make an ancestor). */
export function withAncestors(tag: string): string[] {
  const tags: string[] = [];
  for (let slash = tag.indexOf('/'); slash !== -1; slash = tag.indexOf('/', slash + 1)) {
    if (slash > 0 && tag[slash - 1] !== '/') tags.push(tag.slice(0, slash));
  }
  tags.push(tag);
  return tags;
}

/** A tag or ancestor a note counts for: its group key (lower-cased) and the note's spelling. */
interface CountedAs {
  key: string;
  spelling: string;
}

/** Spellings whose groups are remembered at once (a vault writing more starts over). */
const MAX_SPELLINGS_KEPT = 10_000;

interface Group {
  key: string;
  /**
   * The notes counted for the tag: an array while notes are only added (a vault loading: a push
   * is far cheaper than a Map entry at 100,000 notes), a Set from the first removal on.
   */
  notes: string[] | Set<string>;
  /** The notes spelling the tag otherwise than `usual`, with their spelling (most have none). */
  otherSpellings: Map<string, string> | null;
  /** The first note (code units) carrying the tag, whose spelling the group shows. */
  first: string;
  /** The spelling met first. */
  usual: string;
}

export class TagTally {
  /** path -> the groups (tags, ancestors included) the note counts for */
  private readonly groupsByNote = new Map<string, Group[]>();
  private readonly groups = new Map<string, Group>();
  private counted: TagCount[] | null = null;
  /** A tag as notes write it -> what it counts for (itself and its ancestors), made once. */
  private readonly countsFor = new Map<string, readonly CountedAs[]>();

  /** A tally of these notes at once (a host without a maintained one). */
  static of(notes: Iterable<[path: string, tags: readonly string[]]>): TagTally {
    const tally = new TagTally();
    for (const [path, tags] of notes) tally.setNote(path, tags);
    return tally;
  }

  /** Sets a note's tags (as `getAllTags` gives them, with or without '#'); [] removes them. */
  setNote(path: string, tags: readonly string[]): void {
    this.removeNote(path);
    // A big vault sets every note at load: no Map or array per note beyond the one kept.
    const groups: Group[] = [];
    for (const raw of tags)
      for (const { key, spelling } of this.countedAs(raw))
        this.countFor(path, key, spelling, groups);
    if (groups.length > 0) this.groupsByNote.set(path, groups);
    this.counted = null;
  }

  /** What a tag counts for; a vault writes a few hundred tags a hundred thousand times. */
  private countedAs(raw: string): readonly CountedAs[] {
    let countedAs = this.countsFor.get(raw);
    if (countedAs === undefined) {
      if (this.countsFor.size >= MAX_SPELLINGS_KEPT) this.countsFor.clear();
      const tag = raw.startsWith('#') ? raw.slice(1) : raw;
      countedAs = (tag === '' ? [] : withAncestors(tag)).map((spelling) => ({
        key: spelling.toLowerCase(),
        spelling,
      }));
      this.countsFor.set(raw, countedAs);
    }
    return countedAs;
  }

  /** Counts the note for a tag (or ancestor) unless it already is; its first spelling wins. */
  private countFor(path: string, key: string, spelling: string, counted: Group[]): void {
    for (const group of counted) if (group.key === key) return;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { key, notes: [], otherSpellings: null, first: path, usual: spelling };
      this.groups.set(key, group);
    } else if (path < group.first) group.first = path;
    if (Array.isArray(group.notes)) group.notes.push(path);
    else group.notes.add(path);
    if (spelling !== group.usual) (group.otherSpellings ??= new Map()).set(path, spelling);
    counted.push(group);
  }

  removeNote(path: string): void {
    const groups = this.groupsByNote.get(path);
    if (groups === undefined) return;
    this.groupsByNote.delete(path);
    for (const group of groups) {
      const notes = Array.isArray(group.notes) ? (group.notes = new Set(group.notes)) : group.notes;
      notes.delete(path);
      group.otherSpellings?.delete(path);
      if (notes.size === 0) this.groups.delete(group.key);
      else if (group.first === path) group.first = firstPath(notes);
    }
    this.counted = null;
  }

  renameNote(from: string, to: string, tags: readonly string[]): void {
    this.removeNote(from);
    this.setNote(to, tags);
  }

  /** Every tag with its rolled-up note count, in no particular order (a fresh array). */
  counts(): TagCount[] {
    this.counted ??= [...this.groups.values()].map((group) => ({
      tag: group.otherSpellings?.get(group.first) ?? group.usual,
      count: Array.isArray(group.notes) ? group.notes.length : group.notes.size,
    }));
    return this.counted.map((entry) => ({ ...entry }));
  }

  /** The notes counted for a tag (lower-cased, without '#'): carrying it or one nested under it. */
  notesCounted(key: string): string[] {
    return [...(this.groups.get(key)?.notes ?? [])];
  }
}

function firstPath(paths: Iterable<string>): string {
  let first: string | null = null;
  for (const path of paths) if (first === null || path < first) first = path;
  return first as string;
}

/** One note's tags before and after a change (as `getAllTags` gives them). */
export interface TagChange {
  before: readonly string[];
  after: readonly string[];
}

/**
 * Tag counts made for a set of notes, brought up to date with some of them changed, without
 * counting the others: exact for what one note's change can tell, null when it cannot (the
 * changed note may have been, or become, the first note of a group it spells otherwise than the
 * group is shown, so the group's spelling depends on notes not looked at). A warm start with a few
 * notes edited since the last run answers from these instead of counting every note (ADR-0044).
 */
export function tagCountsAfter(
  counts: readonly TagCount[],
  changes: readonly TagChange[],
): TagCount[] | null {
  const shown = new Map(counts.map((entry) => [entry.tag.toLowerCase(), { ...entry }]));
  for (const { before, after } of changes) {
    const was = groupsOf(before);
    const now = groupsOf(after);
    for (const [key, spelling] of was) {
      if (now.get(key) === spelling) continue;
      const entry = shown.get(key);
      if (entry === undefined) return null;
      if (entry.count === 1) shown.delete(key);
      else if (spelling === entry.tag) return null;
      else entry.count--;
    }
    for (const [key, spelling] of now) {
      if (was.get(key) === spelling) continue;
      const entry = shown.get(key);
      if (entry === undefined) shown.set(key, { tag: spelling, count: 1 });
      else if (spelling !== entry.tag) return null;
      else entry.count++;
    }
  }
  return [...shown.values()];
}

/** The groups one note counts for, each with the note's spelling of it. */
function groupsOf(tags: readonly string[]): Map<string, string> {
  const own = TagTally.of([['', tags]]).counts();
  return new Map(own.map(({ tag }) => [tag.toLowerCase(), tag]));
}
