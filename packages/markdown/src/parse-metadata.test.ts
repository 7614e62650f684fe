/**
 * Edge cases of parseMetadata, one behaviour per test, written as small notes and compared through
 * short projections (tag names, link targets, "type line:col-line:col" sections).
 */
import { describe, expect, test } from 'bun:test';
import { TEST_VAULT } from '@mcp-connector/shared/test-support';
import type { Pos } from 'obsidian';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  getAllTags,
  parseFrontMatterAliases,
  parseFrontMatterTags,
  parseMetadata,
  parseSections,
} from './index.ts';

const note = (...lines: string[]): string => lines.join('\n');
const where = (position: Pos): string =>
  `${position.start.line}:${position.start.col}-${position.end.line}:${position.end.col}`;

const tagsOf = (text: string): string[] => (parseMetadata(text).tags ?? []).map((tag) => tag.tag);
const linksOf = (text: string): string[] =>
  (parseMetadata(text).links ?? []).map((link) => `${link.link}|${link.displayText}`);
const embedsOf = (text: string): string[] =>
  (parseMetadata(text).embeds ?? []).map((embed) => embed.link);
const sectionsOf = (text: string): string[] =>
  (parseMetadata(text).sections ?? []).map(
    (section) => `${section.type} ${where(section.position)}`,
  );
const itemsOf = (text: string): string[] =>
  (parseMetadata(text).listItems ?? []).map(
    (item) =>
      `${where(item.position)} parent ${item.parent}${item.task === undefined ? '' : ` task "${item.task}"`}`,
  );

describe('tags', () => {
  test('letters of any script, digits, -, _ and / nesting; not only digits', () => {
    expect(tagsOf('#project/alpha #to-do #snake_case #日本語 #2024 #v2')).toEqual([
      '#project/alpha',
      '#to-do',
      '#snake_case',
      '#日本語',
      '#v2',
    ]);
  });

  test('end at punctuation', () => {
    expect(tagsOf('#a) #b, #c. #d==x== #e—f')).toEqual(['#a', '#b', '#c', '#d', '#e']);
  });

  test('start after whitespace or markup, not after plain punctuation or letters', () => {
    expect(tagsOf('(#no .#no word#no x—#no a *#no "#no')).toEqual([]);
    expect(tagsOf('`c`#a [[x]]#b <br>#c \\]#d **#e** [#f] #g#h snake_case_#i')).toEqual([
      '#a',
      '#b',
      '#c',
      '#d',
      '#e',
      '#f',
      '#g',
      '#h',
      '#i',
    ]);
  });

  test('a table cell pipe and a blockquote marker start plain text; a pipe in prose does not', () => {
    expect(
      tagsOf(note('|a|b|', '|-|-|', '|#cell|x|', '', '> one', '>#quoted', '', 'a|#no')),
    ).toEqual(['#cell', '#quoted']);
  });

  test('none in the alt text of an image, but in the text of a link', () => {
    expect(tagsOf('![alt #no](a.png) [see #yes](b.md)')).toEqual(['#yes']);
  });

  test('are not read in code, math, HTML comments, escapes or link destinations', () => {
    expect(
      tagsOf(
        note(
          '`#code` $#math$ <!-- #comment --> \\#escaped [x](#heading)',
          '',
          '```',
          '#fenced',
          '```',
        ),
      ),
    ).toEqual([]);
  });

  test('are read inside %% comments, inline or as a block', () => {
    expect(tagsOf(note('a %% #inline %% b', '', '%%', '#block', '%%'))).toEqual([
      '#inline',
      '#block',
    ]);
  });

  test('are read in headings, tables and blockquotes', () => {
    expect(
      tagsOf(
        note('# Title #heading', '', '| a | b |', '| - | - |', '| #cell | x |', '', '> #quoted'),
      ),
    ).toEqual(['#heading', '#cell', '#quoted']);
  });

  test('getAllTags puts the frontmatter tags first', () => {
    const cache = parseMetadata(note('---', 'tags: [one, "#two"]', '---', 'body #three'));
    expect(getAllTags(cache)).toEqual(['#one', '#two', '#three']);
  });
});

describe('frontmatter tags and aliases', () => {
  test('a list or a single value; a value that is not a tag is dropped', () => {
    expect(parseFrontMatterTags({ tags: ['a', 'b/c', 'not a tag', 12, '#d'] })).toEqual([
      '#a',
      '#b/c',
      '#d',
    ]);
    expect(parseFrontMatterTags({ tags: 'single' })).toEqual(['#single']);
    expect(parseFrontMatterTags({ tags: 'a, b' })).toEqual([]);
  });

  test('null without the exact "tags" key or with an empty value', () => {
    expect(parseFrontMatterTags({ tag: ['a'], TAGS: ['b'] })).toBeNull();
    expect(parseFrontMatterTags({ tags: null })).toBeNull();
    expect(parseFrontMatterTags(undefined)).toBeNull();
  });

  test('aliases: a list or a single value', () => {
    expect(parseFrontMatterAliases({ aliases: ['One', 'Two'] })).toEqual(['One', 'Two']);
    expect(parseFrontMatterAliases({ aliases: 'Only' })).toEqual(['Only']);
    expect(parseFrontMatterAliases({})).toBeNull();
  });
});

describe('links and embeds', () => {
  test('wikilinks with aliases, headings and blocks', () => {
    expect(linksOf('[[a]] [[b|B]] [[c#h1#h2]] [[#^id]] [[d#^id|D]]')).toEqual([
      'a|a',
      'b|B',
      'c#h1#h2|c > h1 > h2',
      '#^id|^id',
      'd#^id|D',
    ]);
  });

  test('an empty wikilink is no link; an escaped table pipe is no part of the target', () => {
    expect(linksOf('[[]] and | [[a\\|alias]] |')).toEqual(['a|alias']);
  });

  test('markdown links to local files are decoded; URLs and empty destinations are not links', () => {
    expect(
      linksOf(
        '[A](Folder%20One/a.md#Part%20Two) [B](<b c.md> "title") [W](https://x.org) [M](mailto:x@y) [E]()',
      ),
    ).toEqual(['Folder One/a.md#Part Two|A', 'b c.md|B']);
  });

  test('embeds: ![[file]] and markdown images of local files', () => {
    expect(embedsOf('![[pic.png]] ![alt](img/a.png) ![remote](https://x.org/a.png)')).toEqual([
      'pic.png',
      'img/a.png',
    ]);
  });

  test('nothing in code, math or HTML comments is a link', () => {
    expect(
      linksOf(
        note(
          '`[[a]]` $[[b]]$ <!-- [[c]] --> \\[\\[d\\]\\]',
          '',
          '    [[indented code]]',
          '',
          '$$',
          '[[math]]',
          '$$',
        ),
      ),
    ).toEqual([]);
  });

  test('a link inside a link text does not make the outer text a link', () => {
    expect(linksOf('[a [b](b.md) c](d.md)')).toEqual(['b.md|b']);
  });

  test('records positions and the original text', () => {
    const [link] = parseMetadata('see [[a|b]]').links ?? [];
    expect(link).toEqual({
      link: 'a',
      displayText: 'b',
      original: '[[a|b]]',
      position: { start: { line: 0, col: 4, offset: 4 }, end: { line: 0, col: 11, offset: 11 } },
    });
  });
});

describe('frontmatter', () => {
  test('its value, position and the links of whole values and list items', () => {
    const cache = parseMetadata(
      note(
        '---',
        'up: "[[Parent]]"',
        'related:',
        '  - "[[A|a]]"',
        '  - plain',
        'text: "see [[B]]"',
        '---',
        'body',
      ),
    );
    expect(cache.frontmatter).toEqual({
      up: '[[Parent]]',
      related: ['[[A|a]]', 'plain'],
      text: 'see [[B]]',
    });
    expect(where(cache.frontmatterPosition as Pos)).toBe('0:0-6:3');
    expect(cache.frontmatterLinks).toEqual([
      { key: 'up', link: 'Parent', original: '[[Parent]]', displayText: 'Parent' },
      { key: 'related.0', link: 'A', original: '[[A|a]]', displayText: 'a' },
    ]);
  });

  test('invalid YAML gives a yaml section but no frontmatter', () => {
    const cache = parseMetadata(note('---', 'a: [unclosed', '---', 'body'));
    expect(cache.frontmatter).toBeUndefined();
    expect(cache.frontmatterPosition).toBeUndefined();
    expect(cache.frontmatterLinks).toBeUndefined();
    expect(sectionsOf(note('---', 'a: [unclosed', '---', 'body'))).toEqual([
      'yaml 0:0-2:3',
      'paragraph 3:0-3:4',
    ]);
  });

  test('an unclosed fence, or an opening fence with trailing spaces, is no frontmatter', () => {
    expect(parseMetadata(note('---', 'a: 1')).frontmatter).toBeUndefined();
    expect(parseMetadata(note('--- ', 'a: 1', '---')).frontmatter).toBeUndefined();
    expect(parseMetadata(note('---', 'a: 1', '---  ')).frontmatter).toEqual({ a: 1 });
  });
});

describe('sections', () => {
  test('one per root block, with callouts, comments, math, tables and breaks told apart', () => {
    const text = note(
      '# H',
      '> [!note] Title',
      '> body',
      '',
      '> quote',
      '',
      '%%',
      'hidden',
      '%%',
      '$$',
      'x',
      '$$',
      '| a |',
      '| - |',
      '***',
      '<div>',
      '</div>',
      '',
      '[^1]: note',
    );
    expect(sectionsOf(text)).toEqual([
      'heading 0:0-0:3',
      'callout 1:0-2:6',
      'blockquote 4:0-4:7',
      'comment 6:0-8:2',
      'math 9:0-11:2',
      'table 12:0-13:5',
      'thematicBreak 14:0-14:3',
      'html 15:0-16:6',
      'footnoteDefinition 18:0-18:10',
    ]);
  });

  test('a setext underline makes a heading, not a break', () => {
    const cache = parseMetadata(note('Title', '===', 'Sub', '---'));
    expect(cache.headings?.map((heading) => `${heading.level} ${heading.heading}`)).toEqual([
      '1 Title',
      '2 Sub',
    ]);
  });

  test('headings inside blockquotes and lists are not headings of the note', () => {
    expect(parseMetadata(note('> # quoted', '', '- # listed')).headings).toBeUndefined();
  });

  test('positions count CRLF line endings in offsets only', () => {
    expect(sectionsOf('# A\r\n\r\ntext')).toEqual(['heading 0:0-0:3', 'paragraph 2:0-2:4']);
    expect(parseMetadata('# A\r\n\r\ntext').sections?.[1]?.position.start.offset).toBe(7);
  });

  test('parseSections gives the sections parseMetadata gives, frontmatter of any kind included', () => {
    const texts = [
      note('---', 'tags: [a, b]', 'title: x', '---', '# H', '```js', 'code', '```'),
      note('---', 'not: [closed', '---', 'text'), // YAML that does not parse: still a yaml section
      note('---', '---', 'empty frontmatter'),
      note('---', 'never closed', '', 'text'),
      note('---  ', 'a: 1', '---', 'the opening fence must be exactly ---'),
      '---\r\na: 1\r\n---  \r\n\r\n    indented code\r\n',
      '',
    ];
    for (const text of texts)
      expect(parseSections(text)).toEqual(parseMetadata(text).sections ?? []);
  });

  test('parseSections agrees with parseMetadata on every note of the test vault', () => {
    const notes = (readdirSync(TEST_VAULT, { recursive: true }) as string[]).filter((path) =>
      path.endsWith('.md'),
    );
    expect(notes.length).toBeGreaterThan(150);
    for (const path of notes) {
      const text = readFileSync(join(TEST_VAULT, path), 'utf8');
      expect({ path, sections: parseSections(text) }).toEqual({
        path,
        sections: parseMetadata(text).sections ?? [],
      });
    }
  });
});

describe('list items', () => {
  test('parent: the holding item line, else minus the list line (-1 on line 0)', () => {
    expect(itemsOf(note('- a', '    - b', '- c', '', 'text', '', '1. d'))).toEqual([
      '0:0-0:3 parent -1',
      '1:2-1:7 parent 0',
      '2:0-2:3 parent -1',
      '6:0-6:4 parent -6',
    ]);
  });

  test('task characters, and blocks after the checkbox on the same line', () => {
    expect(itemsOf(note('- [ ] open', '- [x] done', '- [/] 1. nested'))).toEqual([
      '0:0-0:10 parent -1 task " "',
      '1:0-1:10 parent -1 task "x"',
      '2:0-2:15 parent -1 task "/"',
      '2:6-2:15 parent 2',
    ]);
  });

  test('an item ends before its nested list, and at the blank line before its next sibling', () => {
    expect(itemsOf(note('- a', '  more', '  - b', '', '- c', '', '- d'))).toEqual([
      '0:0-1:6 parent -1',
      '2:2-2:5 parent 0',
      '4:0-5:0 parent -1',
      '6:0-6:3 parent -1',
    ]);
  });

  test('lists in blockquotes count from their own first line', () => {
    expect(itemsOf(note('text', '', '> - a', '>     - b'))).toEqual([
      '2:2-2:5 parent -2',
      '3:4-3:9 parent 2',
    ]);
  });
});

describe('block ids', () => {
  test('name a paragraph or a list item', () => {
    const cache = parseMetadata(note('para ^p1', '', '- item ^i-2', '- other'));
    expect(Object.keys(cache.blocks ?? {})).toEqual(['p1', 'i-2']);
    expect(cache.sections?.[0]?.id).toBe('p1');
    expect(cache.listItems?.[0]?.id).toBe('i-2');
    expect(where(cache.blocks?.['i-2']?.position as Pos)).toBe('2:0-2:11');
  });

  test('need a space before the caret', () => {
    expect(parseMetadata('x^no').blocks).toBeUndefined();
  });
});

describe('footnotes', () => {
  test('definitions and references', () => {
    const cache = parseMetadata(note('Claim[^a].', '', '[^a]: Source'));
    expect(cache.footnotes?.map((footnote) => footnote.id)).toEqual(['a']);
    expect(cache.footnoteRefs?.map((ref) => `${ref.id} ${where(ref.position)}`)).toEqual([
      'a 0:5-0:9',
    ]);
  });
});

test('an empty note has no metadata at all', () => {
  expect(parseMetadata('')).toEqual({});
});
