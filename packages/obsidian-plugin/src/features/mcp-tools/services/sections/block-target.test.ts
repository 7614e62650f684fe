import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '@mcp-connector/markdown';
import { blockNotFound, parseBlockId } from './block-target.ts';

describe('block targets', () => {
  test('ids come with or without the caret, and nothing else', () => {
    expect(parseBlockId(' ^abc-1 ')).toBe('abc-1');
    expect(() => parseBlockId('a b')).toThrow('not a block id');
    expect(() => parseBlockId('^')).toThrow('not a block id');
  });

  test('block_not_found lists the ids the note has, in order', () => {
    const error = blockNotFound(parseMetadata('b ^second\n\na ^first\n'), 'n.md', 'zz');
    expect(error.toFailure()).toEqual({
      code: 'block_not_found',
      message: 'No block ^zz in n.md. Its block ids: ^second, ^first.',
      details: { path: 'n.md', target: 'zz', blockIds: ['second', 'first'], blockCount: 2 },
    });
    expect(blockNotFound(parseMetadata('text\n'), 'n.md', 'zz').message).toContain(
      'has no block ids',
    );
  });
});
