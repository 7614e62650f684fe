/**
 * The notes captured from real Obsidian (../shared/fixtures/obsidian-captured): each note's text
 * and what Obsidian computed for it. Files without a note (the vault-wide link maps) are skipped.
 */
import type { CachedMetadata } from 'obsidian';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAPTURED_FIXTURES } from './shared-data.ts';

export interface CapturedNote {
  filePath: string;
  fileContents: string;
  cachedMetadata: CachedMetadata;
  getAllTags: string[] | null;
  parseFrontMatterTags: string[] | null;
  resolveLinkToPath?: Record<string, string | null>;
}

/** [fixture file name, note] for every captured note. */
export function loadCapturedNotes(): [string, CapturedNote][] {
  return readdirSync(CAPTURED_FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .map((name): [string, CapturedNote] => [
      name,
      JSON.parse(readFileSync(join(CAPTURED_FIXTURES, name), 'utf8')) as CapturedNote,
    ])
    .filter(([, note]) => typeof note.fileContents === 'string');
}
