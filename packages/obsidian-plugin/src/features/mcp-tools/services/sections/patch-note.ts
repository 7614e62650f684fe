/**
 * The one implementation behind patch_vault_file and patch_active_file: check the request, then
 * edit a heading's section or a block through `editText` (one atomic read-modify-write under the
 * host's write lock, `expectedRevision` checked inside it, the text parsed inside it too), or a
 * frontmatter key through processFrontMatter. A failure throws before anything is written.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { editText } from '../note-access.ts';
import { patchBlock } from './block-patch.ts';
import { patchFrontmatter } from './frontmatter-patch.ts';
import { patchHeading } from './heading-patch.ts';
import { checkPatchRequest, type PatchRequest } from './patch-request.ts';

export interface PatchResult extends Record<string, unknown> {
  path: string;
  revision: string;
  changed: boolean;
  /** True when the target did not exist and was created. */
  created: boolean;
}

export async function patchNote(
  host: VaultHost,
  file: VaultFile,
  request: PatchRequest,
): Promise<PatchResult> {
  if (file.extension !== 'md') {
    throw new ToolError(
      'unsupported',
      `${file.path} is not a markdown note; sections exist in .md files only.`,
      {
        path: file.path,
      },
    );
  }
  checkPatchRequest(request);
  if (request.targetType === 'frontmatter') {
    return { path: file.path, ...(await patchFrontmatter(host, file, request)) };
  }
  const patch = request.targetType === 'heading' ? patchHeading : patchBlock;
  let created = false;
  const { revision, changed } = await editText(
    host,
    file,
    (text) => {
      const outcome = patch(text, request, file.path);
      created = outcome.created;
      return outcome.text;
    },
    request.expectedRevision,
  );
  return { path: file.path, revision, changed, created };
}
