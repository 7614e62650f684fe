/**
 * list_property_values: the distinct values of one property across the vault's notes (or those
 * under `folder`, which must exist), each with how many notes have it; list items count one by
 * one. Reads only the metadata cache, never the files, so it stays cheap on large vaults.
 * `notes` is how many notes have the key at all, empty ones (value null) included.
 */
import { type } from 'arktype';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireFolder } from '../../services/note-access.ts';
import { requirePropertyKey } from './services/property-key.ts';
import { tallyValues } from './services/value-tally.ts';

export const listPropertyValues = defineTool({
  name: 'list_property_values',
  title: 'Property values',
  description:
    'Distinct values of a frontmatter property across notes (optionally under folder), with counts.',
  input: () => type({ key: 'string', 'folder?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ key, folder, limit }, ctx) => {
    requirePropertyKey(key);
    const scope = requireFolder(ctx.host, folder ?? '');
    const noteValues = valuesUnder(ctx.host, scope, key);
    const page = takePage(tallyValues(noteValues), limit);
    return {
      key,
      folder: scope,
      notes: noteValues.length,
      values: page.items,
      total: page.total,
      truncated: page.truncated,
    };
  },
});

/** The value of `key` in each note under `folder` that has it. */
function valuesUnder(host: VaultHost, folder: string, key: string): unknown[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const values: unknown[] = [];
  for (const file of host.listFiles()) {
    if (!file.path.startsWith(prefix)) continue;
    const frontmatter = host.getFileCache(file.path)?.frontmatter;
    if (frontmatter !== undefined && Object.hasOwn(frontmatter, key)) values.push(frontmatter[key]);
  }
  return values;
}
