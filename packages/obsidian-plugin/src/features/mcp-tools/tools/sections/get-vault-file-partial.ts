/**
 * get_vault_file_partial: one part of a note (a heading's section, a block, the frontmatter, a
 * document map, or a line range) with the note's revision, so an agent reads only what it needs.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { requireFile } from '../../services/note-access.ts';
import { readPartial } from '../../services/sections/index.ts';

const line = 'number.integer >= 0' as const;

export const getVaultFilePartial = defineTool({
  name: 'get_vault_file_partial',
  title: 'Read note part',
  description:
    'Part of a note: heading section (target "A::B"), block (^id), frontmatter, document map or lines (0-based, inclusive).',
  input: () =>
    type({
      filename: 'string',
      mode: "'frontmatter' | 'heading' | 'block' | 'document-map' | 'lines'",
      'target?': 'string',
      'targetDelimiter?': 'string',
      'startLine?': line,
      'endLine?': line,
    }),
  annotations: READ_ONLY,
  handler: async ({ filename, ...request }, ctx) =>
    readPartial(ctx.host, requireFile(ctx.host, filename), request),
});
