/**
 * The arguments of a section patch, shared by patch_vault_file (which adds `path`) and
 * patch_active_file, so both tools declare and validate exactly the same fields.
 */
import { ToolError, onFirstUse } from '@mcp-connector/shared';
import { type } from 'arktype';

export const patchFields = {
  operation: "'append' | 'prepend' | 'replace'",
  targetType: "'heading' | 'block' | 'frontmatter'",
  target: 'string',
  content: 'string',
  'targetDelimiter?': 'string',
  'createTargetIfMissing?': 'boolean',
  'allowRootHeadings?': 'boolean',
  'expectedContent?': 'string',
  'expectedRevision?': 'string',
} as const;

export const patchRequest = onFirstUse(() => type(patchFields));

export type PatchRequest = ReturnType<typeof patchRequest>['infer'];
export type PatchOperation = PatchRequest['operation'];

/** What a text patch produced: the new text, and whether it had to create its target. */
export interface PatchOutcome {
  text: string;
  created: boolean;
}

/** Rules the schema cannot state. */
export function checkPatchRequest(request: PatchRequest): void {
  const keepsText = request.operation === 'replace' && request.targetType !== 'block';
  if (!keepsText && request.content.trim() === '') {
    throw new ToolError(
      'invalid_arguments',
      `content is empty; give the text to ${request.operation === 'replace' ? 'put in the block' : request.operation}.`,
    );
  }
}
