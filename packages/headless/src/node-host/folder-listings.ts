/**
 * Each folder's direct children as list_vault_files lists them (`byFolderEntry` order: folders,
 * their paths ending in '/', then files), for the file table. Made in one pass over the table
 * when a listing is first asked for (a start does no work for them), then kept current entry by
 * entry; a folder's entries are sorted when first listed and, from then on, each entry that comes
 * or goes takes its place by a binary search. A sorted listing is replaced, never changed, so a
 * caller holding one (the hidden-folders guard filters it) can tell by identity that it changed.
 * Before, every call filtered every file of the vault and sorted the folder's: 190 ms for a page
 * of a 10,000-entry folder at 100,000 notes (ADR-0044).
 */
import { byFolderEntry, parentFolder } from '@mcp-connector/obsidian-plugin/host';

interface Listing {
  entries: string[];
  sorted: boolean;
}

export class FolderListings {
  private listings: Map<string, Listing> | null = null;

  /** `entries` gives every file path and every folder path followed by '/', in any order. */
  constructor(private readonly entries: () => Iterable<string>) {}

  /** The folder's entries ('' for the root), sorted; the same array until one comes or goes. */
  of(folder: string): readonly string[] {
    const listing = this.made().get(folder);
    if (listing === undefined) return [];
    if (!listing.sorted) {
      listing.entries.sort(byFolderEntry);
      listing.sorted = true;
    }
    return listing.entries;
  }

  /** A file (its path) or a folder (its path and '/') appeared. */
  added(entry: string): void {
    const listing = this.listingOf(entry, true);
    if (listing === undefined) return;
    if (!listing.sorted) listing.entries.push(entry);
    else {
      const at = insertionPoint(listing.entries, entry);
      listing.entries = [...listing.entries.slice(0, at), entry, ...listing.entries.slice(at)];
    }
  }

  /** A file (its path) or a folder (its path and '/') went; a folder's own listing goes too. */
  removed(entry: string): void {
    if (entry.endsWith('/')) this.listings?.delete(entry.slice(0, -1));
    const listing = this.listingOf(entry, false);
    if (listing === undefined) return;
    const at = listing.sorted
      ? insertionPoint(listing.entries, entry)
      : listing.entries.indexOf(entry);
    if (listing.entries[at] !== entry) return;
    if (!listing.sorted) listing.entries.splice(at, 1);
    else listing.entries = listing.entries.filter((_, index) => index !== at);
  }

  /** The listing of the entry's parent folder, while listings are kept (made when `create`). */
  private listingOf(entry: string, create: boolean): Listing | undefined {
    if (this.listings === null) return undefined;
    const folder = parentFolder(entry.endsWith('/') ? entry.slice(0, -1) : entry);
    let listing = this.listings.get(folder);
    if (listing === undefined && create) {
      listing = { entries: [], sorted: false };
      this.listings.set(folder, listing);
    }
    return listing;
  }

  private made(): Map<string, Listing> {
    if (this.listings === null) {
      this.listings = new Map();
      for (const entry of this.entries()) this.added(entry);
    }
    return this.listings;
  }
}

/** Where `entry` is, or would go, in `sorted` (byFolderEntry order). */
function insertionPoint(sorted: readonly string[], entry: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byFolderEntry(sorted[middle] as string, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
