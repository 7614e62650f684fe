/**
 * Replays every note captured from real Obsidian (shared/fixtures/obsidian-captured): the
 * CachedMetadata, getAllTags and parseFrontMatterTags must match exactly, and each captured link
 * must resolve to the captured path. Links resolve within the vault the captures came from: the
 * fixtures' own paths plus the paths they resolved to (attachments and notes outside Test Data).
 * A difference we cannot match is listed in KNOWN_DIFFERENCES with its reason; such a field must
 * still differ, so the list cannot go stale silently.
 */
import { describe, expect, test } from 'bun:test';
import type { CachedMetadata } from 'obsidian';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinkResolver, getLinkpath } from '../links/index.ts';
import { getAllTags, parseFrontMatterTags, parseMetadata } from './index.ts';

const FIXTURES = join(import.meta.dir, '../../../../../shared/fixtures/obsidian-captured');

interface CapturedNote {
  filePath: string;
  fileContents: string;
  cachedMetadata: CachedMetadata;
  getAllTags: string[] | null;
  parseFrontMatterTags: string[] | null;
  resolveLinkToPath?: Record<string, string | null>;
}

/** file name -> CachedMetadata key -> why we differ from Obsidian there. */
const KNOWN_DIFFERENCES: Record<string, Partial<Record<keyof CachedMetadata, string>>> = {
  'numbered_list_items_standard.json': {
    listItems:
      'Obsidian starts the nested "    1. Sub-item" at its marker (col 4), yet in numbered_list_items_with_paren ' +
      'the same layout with ")" starts at the parent content column (col 3), as nested bullets do everywhere ' +
      'else; no single rule gives both, and we follow the majority.',
  },
};

const notes: [string, CapturedNote][] = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name): [string, CapturedNote] => [
    name,
    JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as CapturedNote,
  ])
  .filter(([, note]) => typeof note.fileContents === 'string');

function capturedVault(): LinkResolver {
  const resolver = new LinkResolver();
  for (const [, note] of notes) {
    resolver.addFile(note.filePath);
    for (const target of Object.values(note.resolveLinkToPath ?? {}))
      if (target !== null) resolver.addFile(target);
  }
  return resolver;
}

describe('metadata captured from Obsidian', () => {
  const resolver = capturedVault();

  test('the captures are all there', () => {
    expect(notes.length).toBe(89);
  });

  for (const [name, note] of notes) {
    test(name, () => {
      const cache = parseMetadata(note.fileContents);
      const known = KNOWN_DIFFERENCES[name] ?? {};
      const keys = new Set([...Object.keys(cache), ...Object.keys(note.cachedMetadata)]) as Set<
        keyof CachedMetadata
      >;
      for (const key of keys) {
        if (known[key] === undefined)
          expect({ [key]: cache[key] }).toEqual({ [key]: note.cachedMetadata[key] });
        else expect(cache[key]).not.toEqual(note.cachedMetadata[key]);
      }
      expect(getAllTags(cache)).toEqual(note.getAllTags);
      expect(parseFrontMatterTags(cache.frontmatter)).toEqual(note.parseFrontMatterTags);
      for (const [link, target] of Object.entries(note.resolveLinkToPath ?? {})) {
        expect({
          link,
          target: resolver.getFirstLinkpathDest(getLinkpath(link), note.filePath),
        }).toEqual({ link, target });
      }
    });
  }
});
