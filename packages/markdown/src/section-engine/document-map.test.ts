import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '../parse-metadata.ts';
import { documentMap } from './document-map.ts';
import { LineTable } from './note-lines.ts';

function mapOf(text: string, delimiter = '::') {
  return documentMap(parseMetadata(text), new LineTable(text), delimiter);
}

describe('the document map', () => {
  test('lists headings with paths, levels, lines and line counts; ids; keys; total lines', () => {
    const text = [
      '---',
      'tags: [a]',
      'status: open',
      '---',
      '# Title',
      'para ^p',
      '```',
      '## fenced',
      '```',
      '## Part',
      '- item ^i',
      '# Next',
      '',
    ].join('\n');
    expect(mapOf(text)).toEqual({
      headings: [
        { path: 'Title', level: 1, line: 4, lineCount: 7 },
        { path: 'Title::Part', level: 2, line: 9, lineCount: 2 },
        { path: 'Next', level: 1, line: 11, lineCount: 1 },
      ],
      blocks: [
        { id: 'p', line: 5, endLine: 5 },
        { id: 'i', line: 10, endLine: 10 },
      ],
      totalLines: 12,
      frontmatterKeys: ['tags', 'status'],
    });
  });

  test('joins paths with the delimiter asked for; an empty note has nothing', () => {
    expect(mapOf('# A\n## B', ' / ').headings.map((heading) => heading.path)).toEqual([
      'A',
      'A / B',
    ]);
    expect(mapOf('')).toEqual({ headings: [], blocks: [], totalLines: 0, frontmatterKeys: [] });
  });
});
