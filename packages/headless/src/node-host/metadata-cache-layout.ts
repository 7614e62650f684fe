/**
 * The metadata cache's file (metadata-cache.ts reads it, metadata-cache-write.ts writes it,
 * metadata-cache-key.ts says whose it is): "MCPMETA\n", the Int16 part, zero bytes up to a
 * multiple of 4, the Int32 part (the notes' ints, every note's resolved counts, then the notes'
 * table: NOTE_INTS ints a note), zero bytes up to a multiple of 8, the Float64 part (each note's
 * size and mtime), the header, then a trailer of four little-endian u32 lengths (the three parts,
 * the header).
 * The header is lines of JSON: the key and the paths, then the notes' strings a thousand notes a
 * line (HEADER_VALUES values a note, one flat array a line), then the tag counts. The numbers
 * are in the table, not the JSON: an array per note and its numbers took a third of the
 * header's parse. The header comes last so it can be written a line at a time as it is made,
 * never held whole, and it is read a line per turn of the event loop, so a big vault's cache
 * does not hold up the calls that arrive meanwhile.
 */
import type { KnownLinkCounts, PackedMetadata, TagCount } from '@mcp-connector/markdown/vault';

export const MAGIC = 'MCPMETA\n';
export const FORMAT = 5;
export const TRAILER_BYTES = 16;

export interface CacheRecord {
  size: number;
  mtime: number;
  hash: string;
  packed: PackedMetadata;
  /** The note's link counts, resolved against the cache's `paths`. */
  links?: KnownLinkCounts;
}

export interface MetadataCacheContent {
  /** Every file of the vault when the cache was written (what the link counts resolved against). */
  paths: string[];
  records: Map<string, CacheRecord>;
  /**
   * The tag counts of the notes of the build that wrote the cache (VaultIndex.restoreTagCounts):
   * these records, and any note whose frontmatter could not be written, which the next start
   * parses and so never answers them.
   */
  tagCounts?: TagCount[];
}

/**
 * A note's row of the table in the Int32 part: the index of its path in `paths`, the width of its
 * ints (16 or 32), where they are in their part and how many, where its resolved counts are in
 * the Int32 part (-1: none) and how many ints they take (pairs of an index into `paths` and a
 * count).
 */
export const NOTE_INTS = 6;

/**
 * A note's values in the header: its hash, strings, the frontmatter's JSON (parsed when first
 * read: CachedPacked), frontmatter links and unresolved counts (NO_UNRESOLVED: none; 0: no
 * counts were kept).
 */
export type HeaderValues = [
  string,
  string[] | 0,
  string | 0,
  PackedMetadata['frontmatterLinks'] | 0,
  Record<string, number> | 0 | typeof NO_UNRESOLVED,
];
export const HEADER_VALUES = 5;
/** The unresolved counts of a note whose links all resolve (most): no object in the JSON. */
export const NO_UNRESOLVED = 1;

/** The header's first line. */
export interface HeaderHead {
  key: string;
  paths: string[];
}

/** The header's last line: each tag with its count (a pair), when the counts were written. */
export interface HeaderTail {
  tags?: unknown;
}

/** Where the parts after the Int16 part start, from the parts' lengths. */
export function partsAt(shortBytes: number, longBytes: number, floatBytes: number) {
  const longAt = align(MAGIC.length + shortBytes, 4);
  const floatAt = align(longAt + longBytes, 8);
  return { longAt, floatAt, headerAt: floatAt + floatBytes };
}

/** `offset` rounded up to a multiple of `unit` (a power of two). */
function align(offset: number, unit: 4 | 8): number {
  return (offset + unit - 1) & ~(unit - 1);
}
