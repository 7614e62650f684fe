/**
 * Patching one frontmatter key through the host's processFrontMatter, so the YAML is written the
 * way Obsidian writes it and invalid YAML is refused (`invalid_frontmatter`) before anything
 * changes. `expectedRevision` is checked by the guard, under the write lock; `expectedContent`
 * and a missing key (with creation off) throw inside the change, which cancels the write.
 * The returned revision is read right after the write: another writer landing in between would
 * show there, which only makes a later expectedRevision check stricter.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { assertRevision } from '../note-access.ts';
import { revisionOf } from '../revision.ts';
import { assertExpectedContent, sameText } from './expected-content.ts';
import { combineValue, parseValue, valueText } from './frontmatter-value.ts';
import type { PatchRequest } from './patch-request.ts';

export interface FrontmatterPatchResult {
  revision: string;
  changed: boolean;
  created: boolean;
}

export async function patchFrontmatter(
  host: VaultHost,
  file: VaultFile,
  request: PatchRequest,
): Promise<FrontmatterPatchResult> {
  const key = frontmatterKey(request.target);
  let before = '';
  let created = false;
  const guard = (current: string): void => {
    assertRevision(file.path, current, request.expectedRevision);
    before = current;
  };
  await host.processFrontMatter(
    file.path,
    (frontmatter) => {
      const exists = Object.hasOwn(frontmatter, key);
      if (!exists && request.createTargetIfMissing === false)
        throw keyNotFound(file.path, key, frontmatter);
      const ref = { path: file.path, target: key, revision: revisionOf(before) };
      assertExpectedContent(ref, valueText(frontmatter[key]), request.expectedContent, sameValue);
      frontmatter[key] = combineValue(
        request.operation,
        frontmatter[key],
        parseValue(request.content),
      );
      created = !exists;
    },
    guard,
  );
  const after = await host.read(file.path);
  return { revision: revisionOf(after), changed: after !== before, created };
}

export function frontmatterKey(target: string): string {
  const key = target.trim();
  if (key === '')
    throw new ToolError('invalid_arguments', 'target is empty; name a frontmatter key.');
  return key;
}

export function keyNotFound(
  path: string,
  key: string,
  frontmatter: Record<string, unknown>,
): ToolError {
  const keys = Object.keys(frontmatter);
  const known = keys.length === 0 ? 'It has no frontmatter keys.' : `Its keys: ${keys.join(', ')}.`;
  return new ToolError(
    'frontmatter_key_not_found',
    `No frontmatter key "${key}" in ${path}. ${known}`,
    {
      path,
      target: key,
      keys,
    },
  );
}

/** Text matches as text, or as the JSON value it parses to. */
function sameValue(current: string, expected: string): boolean {
  return sameText(current, expected) || sameText(current, valueText(parseValue(expected)));
}
