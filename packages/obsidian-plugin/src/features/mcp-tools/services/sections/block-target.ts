/**
 * What a block target names, as the section tools decide it: `^id` or `id` (letters, digits and
 * "-"), found by the markdown package's `findBlock`; an id the note lacks is `block_not_found`,
 * listing the ids it has.
 */
import { ToolError } from '@mcp-connector/shared';
import type { CachedMetadata } from 'obsidian';

const BLOCK_ID = /^[A-Za-z0-9-]+$/;
const LISTED_IDS = 20;

/** The id a target names: `^id` or `id`. */
export function parseBlockId(target: string): string {
  const id = target.trim().replace(/^\^/, '');
  if (!BLOCK_ID.test(id)) {
    throw new ToolError(
      'invalid_arguments',
      `"${target}" is not a block id; ids are letters, digits and "-", as in ^my-block.`,
      { target },
    );
  }
  return id;
}

export function blockNotFound(cache: CachedMetadata, path: string, id: string): ToolError {
  const ids = Object.values(cache.blocks ?? {})
    .sort((a, b) => a.position.start.offset - b.position.start.offset)
    .map((block) => block.id);
  const listed = ids.slice(0, LISTED_IDS);
  const hint =
    ids.length === 0
      ? `${path} has no block ids; target a heading instead.`
      : `Its block ids: ${listed.map((known) => `^${known}`).join(', ')}${ids.length > listed.length ? ', ...' : ''}.`;
  return new ToolError('block_not_found', `No block ^${id} in ${path}. ${hint}`, {
    path,
    target: id,
    blockIds: listed,
    blockCount: ids.length,
  });
}
