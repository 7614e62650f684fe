/**
 * Whose a metadata cache is, and whether a note's record holds for a text: the cache key names
 * the file format, the app's version, the runtime's hash and what this build's parser and link
 * resolver make of a few probes, so a cache any of them would read otherwise is not read; each
 * record carries `textHash` of the text it was computed from (ADR-0018, ADR-0027).
 */
import * as crypto from 'node:crypto';
import { LinkResolver } from '@mcp-connector/markdown/links';
import { packedFits, parseNote } from '@mcp-connector/markdown/vault';
import { FORMAT, type CacheRecord } from './metadata-cache-layout.ts';

const bunHash = (globalThis as { Bun?: { hash: (text: string) => number | bigint } }).Bun?.hash;
/** Which hash `textHash` uses here (part of the cache key: another runtime's cache is not read). */
const HASH_NAME = bunHash === undefined ? 'sha1' : 'wyhash';

/**
 * SHA-1 in one call where Node has it (20.12 on; a namespace import, so an older Node still
 * loads), a third quicker than a Hash object.
 */
const sha1: (text: string) => string =
  typeof (crypto as Partial<typeof crypto>).hash === 'function'
    ? (text) => crypto.hash('sha1', text, 'base64')
    : (text) => crypto.createHash('sha1').update(text).digest('base64');

/** What a note's text hashes to, for telling an edit that kept size and mtime. */
export function textHash(text: string): string {
  return bunHash === undefined ? sha1(text) : bunHash(text).toString(36);
}

/** Whether a cached note's metadata holds for this text: the text it was computed from. */
export function holdsFor(
  text: string,
  { hash, packed }: Pick<CacheRecord, 'hash' | 'packed'>,
): boolean {
  return textHash(text) === hash && packedFits(packed, text);
}

/** The cache key: the format, the app's version, and what parser and resolver make of probes. */
export function cacheKey(appVersion: string): string {
  const parsed = PROBES.map((text) => {
    const packed = parseNote(text);
    return [
      Array.from(packed.ints),
      packed.strings,
      packed.frontmatter ?? 0,
      packed.frontmatterLinks ?? 0,
    ];
  });
  const resolver = new LinkResolver(PROBE_FILES);
  const resolved = PROBE_LINKS.map(([link, from]) => resolver.getFirstLinkpathDest(link, from));
  return `${FORMAT}/${appVersion}/${HASH_NAME}/${textHash(JSON.stringify([parsed, resolved]))}`;
}

const PROBE_FILES = ['A/x.md', 'B/x.md', 'x.png', 'A/B/y.md', 'y.MD.md', 'Z.md'];
const PROBE_LINKS: [string, string][] = [
  ['x', 'A/n.md'],
  ['x', 'n.md'],
  ['B/x', 'A/n.md'],
  ['y', 'A/B/n.md'],
  ['y.md', 'n.md'],
  ['./x', 'A/n.md'],
  ['../z', 'A/n.md'],
  ['/x.png', 'A/n.md'],
  ['X.PNG', 'n.md'],
];

const PROBES = [
  '---\ntags: [a, b/c]\ndate: 2026-01-05\nlink: "[[Target#Part|Alias]]"\n---\n# Title\n\nText [[Note]] #tag ^block\n',
  'Setext\n===\n\n- [ ] task [[a|b]]\n  - [x] done ^li\n1. one\n\n> [!note] Callout\n> ![[embed.png]]\n',
  '```js\ncode #no\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n%% c %%\n$$\nm\n$$\n\n[md](Other%20Note.md) x[^1]\n\n[^1]: f\n',
];
