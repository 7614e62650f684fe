import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { patchBlock } from './block-patch.ts';
import type { PatchRequest } from './patch-request.ts';

type Args = Partial<PatchRequest> & Pick<PatchRequest, 'target'>;

function request(args: Args): PatchRequest {
  return { operation: 'append', targetType: 'block', content: 'NEW', ...args };
}

function patch(text: string, args: Args): string {
  return patchBlock(text, request(args), 'n.md').text;
}

function failure(text: string, args: Args): ToolError {
  try {
    patchBlock(text, request(args), 'n.md');
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('the patch should have failed');
}

const LIST = [
  '- top ^top',
  '  - child ^child',
  '    - grandchild',
  '  - [ ] task ^task',
  '- last',
  '',
].join('\n');

describe('blocks in lists', () => {
  test('append goes after the item and its nested items, as a sibling', () => {
    expect(patch(LIST, { target: '^top', content: '- sibling' })).toBe(
      LIST.replace('- last', '- sibling\n- last'),
    );
    expect(patch(LIST, { target: 'child', content: '- sibling' })).toBe(
      LIST.replace('    - grandchild\n', '    - grandchild\n  - sibling\n'),
    );
  });

  test('prepend goes before the item, at its indentation', () => {
    expect(patch(LIST, { target: 'task', operation: 'prepend', content: '- a\n- b' })).toBe(
      LIST.replace('  - [ ] task', '  - a\n  - b\n  - [ ] task'),
    );
  });

  test('replace keeps the marker, the checkbox and the id unless the content brings a marker', () => {
    expect(patch(LIST, { target: 'task', operation: 'replace', content: 'renamed' })).toBe(
      LIST.replace('[ ] task ^task', '[ ] renamed ^task'),
    );
    expect(patch(LIST, { target: 'task', operation: 'replace', content: '- [x] done' })).toBe(
      LIST.replace('[ ] task ^task', '[x] done ^task'),
    );
    expect(patch(LIST, { target: 'task', operation: 'replace', content: '  * [x] done' })).toBe(
      LIST.replace('- [ ] task ^task', '* [x] done ^task'),
    );
  });

  test('replace keeps the nested items and indents continuation lines under the item', () => {
    expect(patch(LIST, { target: 'child', operation: 'replace', content: 'one\ntwo' })).toBe(
      LIST.replace('  - child ^child', '  - one\n    two ^child'),
    );
  });
});

describe('paragraph blocks', () => {
  const TEXT = 'first para ^p1\n\nsecond\nlines\n^own\n\n## H\n';

  test('append and prepend keep a blank line between paragraphs', () => {
    expect(patch(TEXT, { target: 'p1' })).toBe(TEXT.replace('^p1\n', '^p1\n\nNEW\n'));
    expect(patch(TEXT, { target: 'own', operation: 'prepend' })).toBe(
      TEXT.replace('\nsecond', '\nNEW\n\nsecond'),
    );
  });

  test('replace keeps the id at the end of the line or on its own line', () => {
    expect(patch(TEXT, { target: 'p1', operation: 'replace' })).toBe(
      TEXT.replace('first para ^p1', 'NEW ^p1'),
    );
    expect(patch(TEXT, { target: 'own', operation: 'replace', content: 'x\ny' })).toBe(
      TEXT.replace('second\nlines\n^own', 'x\ny\n^own'),
    );
  });

  test('ids match whatever their case', () => {
    expect(patch('para ^MyId\n', { target: '^myid', operation: 'replace' })).toBe('NEW ^MyId\n');
  });

  test('expectedContent is compared with the text without its id', () => {
    const args = { target: 'p1', operation: 'replace', expectedContent: 'first  para' } as const;
    expect(patch(TEXT, args)).toBe(TEXT.replace('first para', 'NEW'));
    const error = failure(TEXT, { ...args, expectedContent: 'other' });
    expect(error.code).toBe('precondition_failed');
    expect(error.details?.currentContent).toBe('first para');
  });

  test('CRLF notes get CRLF line breaks only', () => {
    expect(patch('a ^x\r\n\r\nb\r\n', { target: 'x', content: 'one\ntwo' })).toBe(
      'a ^x\r\n\r\none\r\ntwo\r\n\r\nb\r\n',
    );
  });

  test('unicode text is kept intact', () => {
    expect(patch('日本語 ☕ ^u\n', { target: 'u', operation: 'replace', content: 'Café' })).toBe(
      'Café ^u\n',
    );
  });
});

describe('a missing block', () => {
  test('is block_not_found naming the ids that exist, in order', () => {
    const error = failure(LIST, { target: 'nope' });
    expect(error.code).toBe('block_not_found');
    expect(error.details?.blockIds).toEqual(['top', 'child', 'task']);
  });

  test('is added at the end of the note only when asked', () => {
    expect(patch('text\n', { target: 'new-id', createTargetIfMissing: true })).toBe(
      'text\n\nNEW ^new-id\n',
    );
  });

  test('an id with other characters is invalid_arguments', () => {
    expect(failure(LIST, { target: '^bad id' }).code).toBe('invalid_arguments');
  });

  test('a "^id" inside a code fence is no block', () => {
    expect(failure('```\ncode ^c\n```\n', { target: 'c' }).code).toBe('block_not_found');
  });
});
