/**
 * Obsidian's tag rules and the tag helpers of its API. A tag is `#` followed by characters other
 * than whitespace, ASCII punctuation except `-`, `/` and `_`, and the Unicode punctuation blocks
 * U+2000-U+206F and U+2E00-U+2E7F; it needs one character that is not a digit. In frontmatter,
 * `tags` (exactly that key, as since Obsidian 1.9) holds a string or a list of strings, each one
 * tag with or without its `#`; a value that is not a valid tag (`a, b`) is dropped.
 */
import type { CachedMetadata } from 'obsidian';
import { isUnicodeWhitespace } from './characters.ts';

const ASCII_TAG_CHAR = new Uint8Array(128);
for (let code = 48; code <= 57; code++) ASCII_TAG_CHAR[code] = 1;
for (let code = 65; code <= 90; code++) ASCII_TAG_CHAR[code] = 1;
for (let code = 97; code <= 122; code++) ASCII_TAG_CHAR[code] = 1;
for (const char of '-/_') ASCII_TAG_CHAR[char.charCodeAt(0)] = 1;

export function isTagChar(code: number): boolean {
  if (code < 128) return ASCII_TAG_CHAR[code] === 1;
  if (code >= 0x2000 && code <= 0x206f) return false;
  if (code >= 0x2e00 && code <= 0x2e7f) return false;
  return !isUnicodeWhitespace(code);
}

/** Whether `body` (a tag without its `#`) is a tag Obsidian would index. */
export function isValidTagBody(body: string): boolean {
  let hasNonDigit = false;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (!isTagChar(code)) return false;
    if (code < 48 || code > 57) hasNonDigit = true;
  }
  return hasNonDigit;
}

type Frontmatter = Record<string, unknown>;

function frontmatterValues(frontmatter: unknown, key: string): unknown[] | null {
  if (frontmatter === null || typeof frontmatter !== 'object') return null;
  const value = (frontmatter as Frontmatter)[key];
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The tags of the `tags` property, each with its `#`, or null when there is no such property. */
export function parseFrontMatterTags(frontmatter: unknown): string[] | null {
  const values = frontmatterValues(frontmatter, 'tags');
  if (values === null) return null;
  const tags: string[] = [];
  for (const value of values) {
    const text = asText(value)?.trim();
    if (text === undefined) continue;
    const body = text.startsWith('#') ? text.slice(1) : text;
    if (isValidTagBody(body)) tags.push(`#${body}`);
  }
  return tags;
}

/** The `aliases` property as a list of strings, or null when there is none. */
export function parseFrontMatterAliases(frontmatter: unknown): string[] | null {
  const values = frontmatterValues(frontmatter, 'aliases');
  if (values === null) return null;
  const aliases: string[] = [];
  for (const value of values) {
    const text = asText(value);
    if (text !== null && text.trim() !== '') aliases.push(text);
  }
  return aliases;
}

/** Frontmatter tags first, then the tags of the body in the order they appear. */
export function getAllTags(cache: CachedMetadata): string[] | null {
  const tags = parseFrontMatterTags(cache.frontmatter) ?? [];
  for (const tag of cache.tags ?? []) tags.push(tag.tag);
  return tags;
}
