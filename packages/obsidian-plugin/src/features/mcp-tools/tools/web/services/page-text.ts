/**
 * A fetched body as text for the agent: decoded with the charset the response (or an HTML
 * <meta>) names, falling back to UTF-8; HTML as Markdown or as HTML; other text as it is;
 * binary content refused. Then one window of it, by character offsets.
 */
import { ToolError } from '@mcp-connector/shared';
import { htmlToMarkdown } from './html-to-markdown.ts';

export type PageFormat = 'markdown' | 'html';

export interface PageText {
  /** What `text` is: HTML converted to Markdown, HTML as served, or other text as served. */
  format: 'markdown' | 'html' | 'text';
  text: string;
}

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-yaml|yaml|toml|rss\+xml|atom\+xml|ld\+json)|application\/[\w.+-]+\+(json|xml))/;

export async function pageText(
  body: Buffer,
  contentType: string,
  url: string,
  format: PageFormat,
): Promise<PageText> {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const html =
    mediaType === 'text/html' ||
    mediaType === 'application/xhtml+xml' ||
    (mediaType === '' && looksLikeHtml(body));
  if (!html && mediaType !== '' && !TEXT_TYPES.test(mediaType)) {
    throw new ToolError('unsupported', `${url} is ${mediaType}, not a text page.`, {
      url,
      contentType: mediaType,
    });
  }
  const text = decode(body, charsetOf(contentType) ?? (html ? metaCharset(body) : null));
  if (!html) return { format: 'text', text };
  return format === 'html'
    ? { format: 'html', text }
    : { format: 'markdown', text: await htmlToMarkdown(text, url) };
}

export interface TextWindow {
  content: string;
  totalLength: number;
  startIndex: number;
  /** Where the next window starts; absent on the last one. */
  nextStartIndex?: number;
  truncated: boolean;
}

export function textWindow(text: string, startIndex: number, maxLength: number): TextWindow {
  if (startIndex > 0 && startIndex >= text.length) {
    throw new ToolError(
      'invalid_arguments',
      `startIndex ${startIndex} is past the end; the text has ${text.length} characters.`,
      { totalLength: text.length },
    );
  }
  let end = Math.min(text.length, startIndex + maxLength);
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  const truncated = end < text.length;
  return {
    content: text.slice(startIndex, end),
    totalLength: text.length,
    startIndex,
    ...(truncated && { nextStartIndex: end }),
    truncated,
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function charsetOf(contentType: string): string | null {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? null;
}

/** `<meta charset>` or its http-equiv form, in the first 2 KB as browsers look. */
function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html)/i.test(body.subarray(0, 512).toString('latin1'));
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
