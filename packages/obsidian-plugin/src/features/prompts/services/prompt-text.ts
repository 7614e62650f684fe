/**
 * A prompt note rendered as the text of its message: frontmatter and argument declarations
 * dropped, `{{name}}` placeholders filled (shared template-arguments rules: other Templater code
 * and unknown placeholders stay as written), then embeds inlined (embed-inliner.ts).
 *
 * Invariants: an embed is an embed the note itself contains (found by Obsidian's parser in the
 * text as written, so never inside code); arguments may fill in its target (`![[{{note}}]]`), but
 * text that arrives through an argument value never becomes an embed. Argument values are not
 * scanned again: a value holding `{{other}}` stays literal.
 */
import { parseMetadata } from '@mcp-connector/markdown';
import {
  dropDeclarations,
  fillTemplateArguments,
} from '@mcp-connector/markdown/template-arguments';
import type { EmbedCache } from 'obsidian';
import type { VaultHost } from '../../../host/vault-host.ts';
import { EmbedInliner } from './embed-inliner.ts';

export async function renderPromptText(
  host: VaultHost,
  promptPath: string,
  noteText: string,
  values: Readonly<Record<string, string>>,
): Promise<string> {
  const text = dropDeclarations(noteText);
  const cache = parseMetadata(text);
  const bodyStart = cache.frontmatterPosition?.end.offset ?? 0;
  const fill = (piece: string) => fillTemplateArguments(piece, values).text;
  const inliner = new EmbedInliner(host, promptPath);
  let rendered = '';
  let cursor = bodyStart;
  for (const embed of inBody(cache.embeds, bodyStart)) {
    const { start, end } = embed.position;
    rendered += fill(text.slice(cursor, start.offset));
    const token = fill(text.slice(start.offset, end.offset));
    const link = token === embed.original ? embed.link : soleEmbedLink(token);
    rendered += await inliner.inline(token, link);
    cursor = end.offset;
  }
  rendered += fill(text.slice(cursor));
  return rendered.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

function inBody(embeds: EmbedCache[] | undefined, bodyStart: number): EmbedCache[] {
  return (embeds ?? [])
    .filter((embed) => embed.position.start.offset >= bodyStart)
    .sort((a, b) => a.position.start.offset - b.position.start.offset);
}

/** The link of `token` when, once filled in, it is still exactly one embed; otherwise null. */
function soleEmbedLink(token: string): string | null {
  const embeds: EmbedCache[] = parseMetadata(token).embeds ?? [];
  const only = embeds.length === 1 ? embeds[0] : undefined;
  if (only === undefined) return null;
  const whole = only.position.start.offset === 0 && only.position.end.offset === token.length;
  return whole ? only.link : null;
}
