/**
 * Patching a block by `^id`: the id parsed and the block found (block-target.ts), the
 * `expectedContent` precondition checked against the block's text without its id, then the
 * markdown package's `editBlock`. A missing block is added at the end of the note (`addBlock`)
 * only when asked.
 */
import { addBlock, blockBody, editBlock, findBlock, noteText } from '@mcp-connector/markdown';
import { revisionOf } from '../revision.ts';
import { blockNotFound, parseBlockId } from './block-target.ts';
import { assertExpectedContent } from './expected-content.ts';
import type { PatchOutcome, PatchRequest } from './patch-request.ts';

export function patchBlock(text: string, request: PatchRequest, path: string): PatchOutcome {
  const note = noteText(text);
  const id = parseBlockId(request.target);
  const block = findBlock(note.cache, note.lines, id);
  const ref = { path, target: `^${id}`, revision: revisionOf(text) };
  if (block === null) {
    if (request.createTargetIfMissing !== true) throw blockNotFound(note.cache, path, id);
    assertExpectedContent(ref, '', request.expectedContent);
    return { text: addBlock(note, id, request.content), created: true };
  }
  assertExpectedContent(ref, blockBody(note, block), request.expectedContent);
  return { text: editBlock(note, block, request.operation, request.content), created: false };
}
