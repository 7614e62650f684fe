import type { PackedMetadata } from '@mcp-connector/markdown/vault';

type Frontmatter = Record<string, unknown>;

/**
 * A note's packed metadata as the metadata cache restores it: its frontmatter is kept as the
 * JSON text the cache holds and parsed when first read. A warm start of 100,000 notes then
 * makes no frontmatter objects before it is ready (a quarter of the cache header's parse), and
 * the first reader of each is the tag counting done after ready, a step at a time.
 *
 * The text is the frontmatter as the server wrote it (carried exactly, exact-values.ts), so it
 * parses back to the same object; one that does not (a cache file edited by hand) reads as no
 * frontmatter, as a corrupt int of the same file would give wrong offsets: the cache is trusted
 * for what it holds once its key and layout check out.
 */
export class CachedPacked implements PackedMetadata {
  private parsed: Frontmatter | undefined;

  constructor(
    readonly ints: PackedMetadata['ints'],
    readonly strings: string[],
    /** The frontmatter's JSON until it is first read; null once parsed, or when there is none. */
    private unparsed: string | null,
    readonly frontmatterLinks: PackedMetadata['frontmatterLinks'],
  ) {}

  get frontmatter(): Frontmatter | undefined {
    if (this.unparsed !== null) {
      this.parsed = parsedObject(this.unparsed);
      this.unparsed = null;
    }
    return this.parsed;
  }

  /** The frontmatter's JSON as the cache held it, while it has not been read. */
  get frontmatterJson(): string | null {
    return this.unparsed;
  }
}

function parsedObject(json: string): Frontmatter | undefined {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Frontmatter)
      : undefined;
  } catch {
    return undefined;
  }
}
