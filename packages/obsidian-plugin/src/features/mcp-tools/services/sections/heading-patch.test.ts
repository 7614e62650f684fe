import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { patchHeading } from './heading-patch.ts';
import type { PatchRequest } from './patch-request.ts';

type Args = Partial<PatchRequest> & Pick<PatchRequest, 'target'>;

function request(args: Args): PatchRequest {
  return { operation: 'append', targetType: 'heading', content: 'NEW', ...args };
}

function patch(text: string, args: Args): string {
  return patchHeading(text, request(args), 'n.md').text;
}

function failure(text: string, args: Args): ToolError {
  try {
    patchHeading(text, request(args), 'n.md');
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('the patch should have failed');
}

const NOTE = [
  '# Title',
  '',
  'intro',
  '',
  '## A',
  'text a',
  '',
  '```md',
  '# not a heading',
  '```',
  '',
  '## B',
  '- one',
  '- two',
  '',
  '# Other',
  'end',
].join('\n');

describe('append', () => {
  test('lands after the last block, past a fence whose "# line" is not a heading', () => {
    expect(patch(NOTE, { target: 'Title::A' })).toBe(
      NOTE.replace('```\n\n## B', '```\n\nNEW\n\n## B'),
    );
  });

  test('joins a list directly, keeping the blank line before the next heading', () => {
    expect(patch(NOTE, { target: 'Title::B', content: '- three' })).toBe(
      NOTE.replace('- two\n', '- two\n- three\n'),
    );
  });

  test('on a parent covers its subsections (up to the next heading of its level)', () => {
    expect(patch(NOTE, { target: 'Title' })).toBe(NOTE.replace('- two\n', '- two\n\nNEW\n'));
  });

  test('at the end of a file without a final line break adds none', () => {
    expect(patch(NOTE, { target: 'Other' })).toBe(`${NOTE}\n\nNEW`);
  });

  test('at the end of a file with a final line break keeps exactly one', () => {
    expect(patch('## A\ntext\n', { target: 'A' })).toBe('## A\ntext\n\nNEW\n');
  });

  test('into an empty section goes right under the heading', () => {
    expect(patch('## A\n\n## B\nb', { target: 'A' })).toBe('## A\nNEW\n\n## B\nb');
    expect(patch('## A\n## B', { target: 'A' })).toBe('## A\nNEW\n## B');
    expect(patch('## A', { target: 'A' })).toBe('## A\nNEW');
  });

  test('drops blank lines around the content and keeps its inner layout', () => {
    expect(patch('## A\nx', { target: 'A', content: '\n\nline 1\n\n  line 2\n\n' })).toBe(
      '## A\nx\n\nline 1\n\n  line 2',
    );
  });
});

describe('prepend', () => {
  test('goes right after the heading line', () => {
    expect(patch('## A\ntext\n', { target: 'A', operation: 'prepend' })).toBe(
      '## A\nNEW\n\ntext\n',
    );
  });

  test('keeps a blank line that follows the heading', () => {
    expect(patch('## A\n\n- x\n', { target: 'A', operation: 'prepend', content: '- w' })).toBe(
      '## A\n\n- w\n- x\n',
    );
  });

  test('under a setext heading goes after its underline', () => {
    expect(patch('Title\n=====\nbody', { target: 'Title', operation: 'prepend' })).toBe(
      'Title\n=====\nNEW\n\nbody',
    );
  });
});

describe('replace', () => {
  test('swaps the body, keeps the heading line and the blank lines around the body', () => {
    expect(patch(NOTE, { target: 'Title::A', operation: 'replace', content: 'fresh' })).toBe(
      NOTE.replace('text a\n\n```md\n# not a heading\n```', 'fresh'),
    );
  });

  test('with empty content empties the section', () => {
    expect(patch('## A\n\nold\n\n## B\n', { target: 'A', operation: 'replace', content: '' })).toBe(
      '## A\n\n## B\n',
    );
  });

  test('of an empty section fills it', () => {
    expect(patch('## A\n\n## B\n', { target: 'A', operation: 'replace' })).toBe(
      '## A\nNEW\n\n## B\n',
    );
  });

  test('expectedContent matches with whitespace normalised', () => {
    const text = '## A\nsome   text\nwrapped\n';
    const args = {
      target: 'A',
      operation: 'replace',
      expectedContent: 'some text wrapped',
    } as const;
    expect(patch(text, args)).toBe('## A\nNEW\n');
  });

  test('a stale expectedContent is precondition_failed with the current text', () => {
    const error = failure('## A\nreal\n', {
      target: 'A',
      operation: 'replace',
      expectedContent: 'imagined',
    });
    expect(error.code).toBe('precondition_failed');
    expect(error.details).toMatchObject({ currentContent: 'real', target: 'A' });
  });
});

describe('targets', () => {
  test('match the full chain of parents; the leaf alone suggests the full path', () => {
    const error = failure(NOTE, { target: 'A', createTargetIfMissing: false });
    expect(error.code).toBe('heading_not_found');
    expect(error.details?.similar).toEqual(['Title::A']);
    expect(error.message).toContain('Did you mean "Title::A"?');
  });

  test('a fenced "# line" is never a heading', () => {
    const error = failure(NOTE, { target: 'not a heading', createTargetIfMissing: false });
    expect(error.code).toBe('heading_not_found');
    expect(error.details?.headings).toEqual([
      '"Title" (line 0)',
      '"Title::A" (line 4)',
      '"Title::B" (line 11)',
      '"Other" (line 15)',
    ]);
  });

  test('duplicate names are told apart by their parents', () => {
    const text = '# P\n## Notes\np\n# Q\n## Notes\nq\n';
    expect(patch(text, { target: 'Q::Notes' })).toBe('# P\n## Notes\np\n# Q\n## Notes\nq\n\nNEW\n');
  });

  test('two headings with the same path are ambiguous_heading, naming both', () => {
    const error = failure('# P\n## X\n## X\n', { target: 'P::X' });
    expect(error.code).toBe('ambiguous_heading');
    expect(error.details?.candidates).toEqual(['"P::X" (line 1)', '"P::X" (line 2)']);
  });

  test('headings with links and formatting match as written or as read', () => {
    const text = '## See [[Other note|the other]] and **bold** `code`\nx\n';
    const expected = `${text}\nNEW\n`;
    expect(patch(text, { target: 'See [[Other note|the other]] and **bold** `code`' })).toBe(
      expected,
    );
    expect(patch(text, { target: 'see the other and bold code' })).toBe(expected);
  });

  test('unicode headings match in either normal form', () => {
    const text = '## Café ☕ 日本語\nx';
    expect(patch(text, { target: 'Cafe\u0301 ☕ 日本語' })).toBe(`${text}\n\nNEW`);
  });

  test('a custom delimiter splits the path', () => {
    expect(patch(NOTE, { target: 'Title > B', targetDelimiter: ' > ', content: '- 3' })).toContain(
      '- two\n- 3\n',
    );
  });

  test('an empty path part or delimiter is invalid_arguments', () => {
    expect(failure(NOTE, { target: 'Title::' }).code).toBe('invalid_arguments');
    expect(failure(NOTE, { target: 'Title', targetDelimiter: '' }).code).toBe('invalid_arguments');
  });
});

describe('root headings', () => {
  test('a note without an H1 uses its H2s as roots', () => {
    expect(patch('---\na: 1\n---\n## Log\n- x\n', { target: 'Log', content: '- y' })).toBe(
      '---\na: 1\n---\n## Log\n- x\n- y\n',
    );
  });

  test('an H2 without an H1 parent in a note with an H1 is ambiguous_section', () => {
    const text = '## Intro\nx\n# Title\n## A\n';
    expect(failure(text, { target: 'Intro' }).code).toBe('ambiguous_section');
    expect(patch(text, { target: 'Intro', allowRootHeadings: true })).toBe(
      '## Intro\nx\n\nNEW\n# Title\n## A\n',
    );
  });
});

describe('a missing heading', () => {
  test('is created at the end of the note, one level under the note top', () => {
    expect(patch('# T\nx\n', { target: 'New' })).toBe('# T\nx\n\n# New\nNEW\n');
    expect(patch('## A\nx', { target: 'New' })).toBe('## A\nx\n\n## New\nNEW');
  });

  test('is created inside its deepest existing parent, with the missing parents', () => {
    expect(patch(NOTE, { target: 'Title::C::D' })).toBe(
      NOTE.replace('- two\n', '- two\n\n## C\n\n### D\nNEW\n'),
    );
  });

  test('in an empty note or a note with only frontmatter', () => {
    expect(patch('', { target: 'A::B' })).toBe('# A\n\n## B\nNEW');
    expect(patch('---\na: 1\n---\n', { target: 'A' })).toBe('---\na: 1\n---\n\n# A\nNEW\n');
  });

  test('is not created by default when a heading of that name sits under other parents', () => {
    expect(failure(NOTE, { target: 'B' }).code).toBe('heading_not_found');
    expect(patch('# P\n## B\n', { target: 'B', createTargetIfMissing: true })).toBe(
      '# P\n## B\n\n# B\nNEW\n',
    );
  });

  test('is not created with createTargetIfMissing false', () => {
    expect(failure('# T\n', { target: 'New', createTargetIfMissing: false }).code).toBe(
      'heading_not_found',
    );
  });

  test('deeper than H6 is invalid_arguments', () => {
    expect(failure('###### Six\n', { target: 'Six::Seven' }).code).toBe('invalid_arguments');
  });
});

describe('CRLF notes', () => {
  test('get CRLF line breaks only', () => {
    const text = '# T\r\n\r\n## A\r\nx\r\n\r\n## B\r\ny\r\n';
    const out = patch(text, { target: 'T::A', content: 'one\ntwo' });
    expect(out).toBe('# T\r\n\r\n## A\r\nx\r\n\r\none\r\ntwo\r\n\r\n## B\r\ny\r\n');
    expect(patch(text, { target: 'T::C' })).toBe(`${text}\r\n## C\r\nNEW\r\n`);
  });
});
