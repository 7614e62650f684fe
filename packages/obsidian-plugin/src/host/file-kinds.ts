/**
 * What kind of content a vault file holds, judged by its extension as Obsidian does: text a tool
 * can return as text, an image or audio file it can return as native MCP content, or other
 * binary data it only describes. The tools and the change journal (whose revision of a text file
 * is of its text) judge a file the same way, so it lives here, beside the host.
 */
const TEXT_EXTENSIONS = new Set([
  'md',
  'txt',
  'canvas',
  'base',
  'json',
  'csv',
  'tsv',
  'css',
  'js',
  'ts',
  'html',
  'htm',
  'xml',
  'svg',
  'yaml',
  'yml',
  'tex',
  'bib',
  'log',
  'ini',
  'toml',
  'sh',
  'py',
]);

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  '3gp': 'audio/3gpp',
};

export type FileKind =
  { kind: 'text' } | { kind: 'image' | 'audio'; mimeType: string } | { kind: 'binary' };

export function fileKind(extension: string): FileKind {
  const lower = extension.toLowerCase();
  if (TEXT_EXTENSIONS.has(lower)) return { kind: 'text' };
  const mimeType = MEDIA_TYPES[lower];
  if (mimeType !== undefined)
    return { kind: mimeType.startsWith('image/') ? 'image' : 'audio', mimeType };
  return { kind: 'binary' };
}

export function isTextExtension(extension: string): boolean {
  return TEXT_EXTENSIONS.has(extension.toLowerCase());
}
