/**
 * A note's CachedMetadata packed into one Int32Array, for holding a whole vault in memory and
 * on disk: every position is two offsets (line and column come back from the line starts), and
 * every string that is a slice of the note's text (a link's original, most link targets, tags,
 * headings, block ids) is an offset and a length into that text. Strings that are not slices,
 * the frontmatter and the frontmatter links are kept as they are.
 *
 * Invariant: `unpackMetadata(packMetadata(cache, lines), lines.text)` equals `cache`, key order
 * of every object included (packed-metadata.test.ts replays the captured notes). A packed note
 * is only ever unpacked against the very text it was packed from.
 */
import type {
  BlockCache,
  CachedMetadata,
  FootnoteCache,
  FrontmatterLinkCache,
  HeadingCache,
  LinkCache,
  ListItemCache,
  Loc,
  Pos,
  SectionCache,
  TagCache,
} from 'obsidian';
import type { NoteMetadata } from './parse-metadata.ts';
import type { LineTable } from './positions.ts';

/** Int16 when every value fits (notes under 32 KB), else Int32. */
export type PackedInts = Int16Array | Int32Array;

export interface PackedMetadata {
  ints: PackedInts;
  /** The strings that are not slices of the text. */
  strings: string[];
  frontmatter?: Record<string, unknown>;
  frontmatterLinks?: FrontmatterLinkCache[];
}

/** An optional string that is absent (a string reference is two ints: ref, length). */
const ABSENT = -2147483648;
const ABSENT_16 = -32768;
const SECTION_TYPES = [
  'yaml',
  'heading',
  'paragraph',
  'list',
  'code',
  'blockquote',
  'callout',
  'table',
  'thematicBreak',
  'html',
  'math',
  'comment',
  'footnoteDefinition',
];

/** A section's type from its packed code: an index into SECTION_TYPES, or a kept string's. */
function sectionType(code: number, kept: string | undefined): string {
  return code >= 0 ? (SECTION_TYPES[code] as string) : (kept ?? '');
}

/**
 * A loop, not `Int16Array.from(values, map)`: V8 runs `from` with a mapping function through
 * the iteration protocol, 20 times slower, which made it a quarter of a cold build's parsing.
 */
function compactInts(values: number[]): PackedInts {
  for (const value of values)
    if (value !== ABSENT && (value <= ABSENT_16 || value > 32767)) return Int32Array.from(values);
  const ints = new Int16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    ints[i] = value === ABSENT ? ABSENT_16 : value;
  }
  return ints;
}

class Packer {
  readonly ints: number[] = [];
  readonly strings: string[] = [];

  constructor(private readonly text: string) {}

  int(value: number): void {
    this.ints.push(value);
  }

  pos(position: Pos): void {
    this.ints.push(position.start.offset, position.end.offset);
  }

  /** A slice of the text when it is one inside the item's range, else a kept string. */
  string(value: string | undefined, range: Pos): void {
    if (value === undefined) {
      this.ints.push(ABSENT, 0);
      return;
    }
    const start = range.start.offset;
    const at = value === '' ? -1 : this.text.substring(start, range.end.offset).indexOf(value);
    if (at === -1) this.keep(value);
    else this.ints.push(start + at, value.length);
  }

  keep(value: string): void {
    this.ints.push(-this.strings.push(value), 0);
  }

  list<T extends { position: Pos }>(items: readonly T[] | undefined, each: (item: T) => void) {
    this.ints.push(items?.length ?? 0);
    for (const item of items ?? []) each(item);
  }
}

export function packMetadata(cache: NoteMetadata, lines: LineTable): PackedMetadata {
  const packer = new Packer(lines.text);
  packer.int(lines.count);
  for (const start of lines.starts) packer.int(start);
  if (cache.frontmatterPosition === undefined) packer.int(-1);
  else {
    packer.int(1);
    packer.pos(cache.frontmatterPosition);
  }
  const reference = (link: LinkCache) => {
    packer.string(link.link, link.position);
    packer.string(link.original, link.position);
    packer.string(link.displayText, link.position);
    packer.pos(link.position);
  };
  packer.list(cache.links, reference);
  packer.list(cache.embeds, reference);
  packer.list(cache.tags, (tag) => {
    packer.string(tag.tag, tag.position);
    packer.pos(tag.position);
  });
  packer.list(cache.headings, (heading) => {
    packer.string(heading.heading, heading.position);
    packer.int(heading.level);
    packer.pos(heading.position);
  });
  packer.list(cache.sections, (section) => {
    const code = SECTION_TYPES.indexOf(section.type);
    if (code === -1) packer.keep(section.type);
    else packer.ints.push(code, 0);
    packer.string(section.id, section.position);
    packer.pos(section.position);
  });
  packer.list(cache.listItems, (item) => {
    packer.int(item.parent);
    packer.string(item.task, item.position);
    packer.string(item.id, item.position);
    packer.pos(item.position);
  });
  const idAndPosition = (item: { id: string; position: Pos }) => {
    packer.string(item.id, item.position);
    packer.pos(item.position);
  };
  packer.list(cache.footnotes, idAndPosition);
  packer.list(cache.footnoteRefs, idAndPosition);
  packer.list(Object.values(cache.blocks ?? {}), idAndPosition);
  return {
    ints: compactInts(packer.ints),
    strings: packer.strings,
    ...(cache.frontmatter !== undefined && { frontmatter: cache.frontmatter }),
    ...(cache.frontmatterLinks !== undefined && { frontmatterLinks: cache.frontmatterLinks }),
  };
}

/** Each list's name and how many ints one of its items takes, in the order they are packed. */
const LISTS = [
  ['links', 8],
  ['embeds', 8],
  ['tags', 4],
  ['headings', 5],
  ['sections', 6],
  ['listItems', 7],
  ['footnotes', 4],
  ['footnoteRefs', 4],
  ['blocks', 4],
] as const;

type ListName = (typeof LISTS)[number][0];

/** Where the frontmatter position and each list begin in `ints` (each list at its count). */
function layout(ints: PackedInts): { frontmatterAt: number; lists: Record<ListName, number> } {
  const frontmatterAt = 1 + (ints[0] as number);
  let at = frontmatterAt + (ints[frontmatterAt] === -1 ? 1 : 3);
  const lists = {} as Record<ListName, number>;
  for (const [name, stride] of LISTS) {
    lists[name] = at;
    at += 1 + (ints[at] as number) * stride;
  }
  return { frontmatterAt, lists };
}

class Unpacker {
  private readonly lineCount: number;
  private readonly absent: number;

  constructor(
    private readonly packed: PackedMetadata,
    private readonly text: string,
    private at: number,
  ) {
    this.lineCount = packed.ints[0] as number;
    this.absent = packed.ints instanceof Int16Array ? ABSENT_16 : ABSENT;
  }

  int(): number {
    return this.packed.ints[this.at++] as number;
  }

  /** Passes over ints not needed (a position, say, which would cost three objects to read). */
  skip(ints: number): void {
    this.at += ints;
  }

  string(): string | undefined {
    const ref = this.int();
    const length = this.int();
    if (ref === this.absent) return undefined;
    return ref >= 0 ? this.text.slice(ref, ref + length) : this.packed.strings[-1 - ref];
  }

  requiredString(): string {
    return this.string() ?? '';
  }

  keptString(ref: number): string | undefined {
    return this.packed.strings[-1 - ref];
  }

  loc(offset: number): Loc {
    const ints = this.packed.ints;
    let low = 0;
    let high = this.lineCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((ints[1 + middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, col: offset - (ints[1 + low] as number), offset };
  }

  pos(): Pos {
    const start = this.int();
    const end = this.int();
    return { start: this.loc(start), end: this.loc(end) };
  }

  list<T>(each: () => T): T[] {
    const count = this.int();
    const items: T[] = [];
    for (let i = 0; i < count; i++) items.push(each());
    return items;
  }
}

function readReference(read: Unpacker): LinkCache {
  return {
    link: read.requiredString(),
    original: read.requiredString(),
    displayText: read.string(),
    position: read.pos(),
  };
}

function readIdAndPosition(read: Unpacker): FootnoteCache {
  return { id: read.requiredString(), position: read.pos() };
}

const READERS: Record<ListName, (read: Unpacker) => unknown> = {
  links: readReference,
  embeds: readReference,
  tags: (read): TagCache => ({ tag: read.requiredString(), position: read.pos() }),
  headings: (read): HeadingCache => ({
    heading: read.requiredString(),
    level: read.int(),
    position: read.pos(),
  }),
  sections: (read): SectionCache => {
    const code = read.int();
    read.int();
    const type = sectionType(code, read.keptString(code));
    const id = read.string();
    const section: SectionCache = { type, position: read.pos() };
    if (id !== undefined) section.id = id;
    return section;
  },
  listItems: (read): ListItemCache => {
    const parent = read.int();
    const task = read.string();
    const id = read.string();
    const item: ListItemCache = { position: read.pos(), parent };
    if (task !== undefined) item.task = task;
    if (id !== undefined) item.id = id;
    return item;
  },
  footnotes: readIdAndPosition,
  footnoteRefs: readIdAndPosition,
  blocks: (read): BlockCache => readIdAndPosition(read),
};

function readList(packed: PackedMetadata, text: string, at: number, name: ListName): unknown[] {
  const read = new Unpacker(packed, text, at);
  return read.list(() => READERS[name](read));
}

function listValue(name: ListName, items: unknown[]): unknown {
  if (name !== 'blocks') return items;
  return Object.fromEntries((items as BlockCache[]).map((block) => [block.id, block]));
}

/**
 * Whether packed metadata can belong to this text: its line starts are the text's and its lists
 * end exactly where the ints do (a check against a damaged cache, not a proof of equality).
 */
export function packedFits(packed: PackedMetadata, text: string): boolean {
  const ints = packed.ints;
  const lineCount = ints[0] as number;
  if (lineCount < 1 || ints.length < lineCount + 2) return false;
  let start = 0;
  for (let line = 0; line < lineCount; line++) {
    if (ints[1 + line] !== start) return false;
    const newline = text.indexOf('\n', start);
    if ((newline === -1) !== (line === lineCount - 1)) return false;
    start = newline + 1;
  }
  const frontmatterAt = 1 + lineCount;
  let at = frontmatterAt + (ints[frontmatterAt] === -1 ? 1 : 3);
  for (const [, stride] of LISTS) {
    if (at >= ints.length || (ints[at] as number) < 0) return false;
    at += 1 + (ints[at] as number) * stride;
  }
  return at === ints.length;
}

/** The whole CachedMetadata, every object built now. */
export function unpackMetadata(packed: PackedMetadata, text: string): CachedMetadata {
  const at = layout(packed.ints);
  const cache: Record<string, unknown> = {};
  if (packed.frontmatter !== undefined) cache.frontmatter = packed.frontmatter;
  if (packed.ints[at.frontmatterAt] !== -1)
    cache.frontmatterPosition = positionPart(packed, text, at, 'frontmatterPosition');
  if (packed.frontmatterLinks !== undefined) cache.frontmatterLinks = packed.frontmatterLinks;
  for (const [name] of LISTS) {
    if ((packed.ints[at.lists[name]] as number) > 0)
      cache[name] = positionPart(packed, text, at, name);
  }
  return cache;
}

/** One position-bearing part of a note's metadata: its frontmatter's position, or a list. */
function positionPart(
  packed: PackedMetadata,
  text: string,
  { frontmatterAt, lists }: ReturnType<typeof layout>,
  part: 'frontmatterPosition' | ListName,
): unknown {
  return part === 'frontmatterPosition'
    ? new Unpacker(packed, text, frontmatterAt + 1).pos()
    : listValue(part, readList(packed, text, lists[part], part));
}

/**
 * The same CachedMetadata, built as it is read: the frontmatter is there at once, and each
 * position-bearing part is made the first time it is read (a pass over every note's frontmatter
 * never builds a position, and one over links builds no sections). Keys, their order and their
 * values are unpackMetadata's.
 */
export function lazyMetadata(packed: PackedMetadata, text: string): CachedMetadata {
  const at = layout(packed.ints);
  const cache: Record<string, unknown> = {};
  const dataProperty = (key: string, value: unknown) =>
    Object.defineProperty(cache, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  const later = (key: 'frontmatterPosition' | ListName) =>
    Object.defineProperty(cache, key, {
      get: () => {
        const value = positionPart(packed, text, at, key);
        dataProperty(key, value);
        return value;
      },
      set: (value: unknown) => dataProperty(key, value),
      enumerable: true,
      configurable: true,
    });
  if (packed.frontmatter !== undefined) cache.frontmatter = packed.frontmatter;
  if (packed.ints[at.frontmatterAt] !== -1) later('frontmatterPosition');
  if (packed.frontmatterLinks !== undefined) cache.frontmatterLinks = packed.frontmatterLinks;
  for (const [name] of LISTS) if ((packed.ints[at.lists[name]] as number) > 0) later(name);
  return cache;
}

/** The note's `tags` entries (each with its '#'), without building the rest. */
export function packedTags(packed: PackedMetadata, text: string): string[] {
  const read = new Unpacker(packed, text, layout(packed.ints).lists.tags);
  const tags: string[] = [];
  for (let count = read.int(); count > 0; count--) {
    tags.push(read.requiredString());
    read.skip(2); // its position
  }
  return tags;
}

/** A section's type and its [start, end) offsets in the note's text. */
export interface SectionSpan {
  type: string;
  start: number;
  end: number;
}

export function sectionSpan({ type, position }: SectionCache): SectionSpan {
  return { type, start: position.start.offset, end: position.end.offset };
}

/**
 * The note's sections as spans, in order, without building their positions (three objects and
 * two searches of the line starts each): a vault-wide search_and_replace asks it of every note
 * that matches.
 */
export function packedSectionSpans(packed: PackedMetadata): SectionSpan[] {
  const ints = packed.ints;
  let at = layout(ints).lists.sections;
  const spans: SectionSpan[] = [];
  for (let count = ints[at++] as number; count > 0; count--) {
    const code = ints[at] as number;
    const type = sectionType(code, packed.strings[-1 - code]);
    spans.push({ type, start: ints[at + 4] as number, end: ints[at + 5] as number });
    at += 6; // type (two ints), id (two), start, end
  }
  return spans;
}

/** The `link` of every link and embed, in that order, without building the rest. */
export function packedLinkTargets(packed: PackedMetadata, text: string): string[] {
  const { lists } = layout(packed.ints);
  const targets: string[] = [];
  for (const at of [lists.links, lists.embeds]) {
    const read = new Unpacker(packed, text, at);
    const count = read.int();
    for (let i = 0; i < count; i++) {
      targets.push(read.requiredString());
      read.skip(6); // original, display text, position
    }
  }
  return targets;
}
