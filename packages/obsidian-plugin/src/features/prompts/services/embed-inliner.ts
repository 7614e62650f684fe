/**
 * Inlining the embeds of one prompt render, within its limits: at most 20 embeds inlined and
 * 32 KB (UTF-8) of embedded text, one level deep. An embed that is not inlined keeps its token,
 * followed by an HTML comment saying why, so nothing disappears silently; embeds inside
 * embedded text are marked the same way and left as written.
 *
 * Invariant: one inliner serves one render (its budget and read cache are per render).
 */
import { parseMetadata } from '@mcp-connector/markdown';
import type { VaultHost } from '../../../host/vault-host.ts';
import { noteReader, readEmbedTarget, type NoteReader } from './embed-target.ts';

const UTF8 = new TextEncoder();

export const EMBED_LIMITS = { embeds: 20, bytes: 32 * 1024 } as const;

export const LIMIT_REASONS = {
  embeds: `limit of ${EMBED_LIMITS.embeds} embeds per prompt reached`,
  bytes: `limit of ${EMBED_LIMITS.bytes / 1024} KB of embedded text per prompt reached`,
  nested: 'nested embed; embeds are inlined one level deep',
  malformed: 'not an embed once its arguments are filled in',
} as const;

export function notInlined(token: string, reason: string): string {
  return `${token}<!-- embed not inlined: ${reason} -->`;
}

export class EmbedInliner {
  private inlined = 0;
  private bytes = 0;
  private readonly read: NoteReader;

  constructor(
    private readonly host: VaultHost,
    /** The prompt note: links resolve from it. */
    private readonly sourcePath: string,
  ) {
    this.read = noteReader(host);
  }

  /** The replacement for `token`, an embed whose link is `link` (null: not a single embed). */
  async inline(token: string, link: string | null): Promise<string> {
    if (link === null) return notInlined(token, LIMIT_REASONS.malformed);
    if (this.inlined >= EMBED_LIMITS.embeds) return notInlined(token, LIMIT_REASONS.embeds);
    const target = await readEmbedTarget(this.host, this.read, link, this.sourcePath);
    if (!target.ok) return notInlined(token, target.reason);
    const text = trimBlankEdges(target.text);
    const size = UTF8.encode(text).length;
    if (this.bytes + size > EMBED_LIMITS.bytes) return notInlined(token, LIMIT_REASONS.bytes);
    this.inlined++;
    this.bytes += size;
    return markNestedEmbeds(text);
  }
}

/** Blank lines around embedded text are dropped: the embed token's own line keeps its place. */
function trimBlankEdges(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

function markNestedEmbeds(text: string): string {
  const embeds = parseMetadata(text).embeds ?? [];
  let marked = text;
  for (const embed of [...embeds].reverse()) {
    const end = embed.position.end.offset;
    const token = marked.slice(embed.position.start.offset, end);
    marked =
      marked.slice(0, embed.position.start.offset) +
      notInlined(token, LIMIT_REASONS.nested) +
      marked.slice(end);
  }
  return marked;
}
