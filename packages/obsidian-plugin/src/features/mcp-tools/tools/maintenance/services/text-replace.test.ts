import { describe, expect, test } from 'bun:test';
import { RegexBudget, compilePattern } from '../../../services/regex/index.ts';
import { replaceInNote as replaceWith } from './text-replace.ts';

const OFF = { includeFrontmatter: false, includeCode: false, previews: 3 };
const ON = { includeFrontmatter: true, includeCode: true, previews: 3 };

/** The tool's replacement with a JavaScript regex literal's source and flags. */
function replaceInNote(
  text: string,
  regex: RegExp,
  replacement: string,
  options: typeof OFF,
): ReturnType<typeof replaceWith> {
  const { previews, ...guard } = options;
  const compiled = compilePattern(regex.source, regex.flags);
  return replaceWith(
    text,
    { ...guard, regex: compiled, replacement, budget: new RegexBudget() },
    previews,
  );
}

describe('replaceInNote', () => {
  test.each([
    ['numbered groups', '(\\w+)@(\\w+)', '$2 at $1', 'mail bob@home now'],
    ['named groups', '(?<user>\\w+)@(?<host>\\w+)', '$<host>/$<user>', 'bob@home'],
    ['the match, before and after', 'b', "[$`|$&|$']", 'abc'],
    ['a literal dollar and unknown references', 'b', '$$ $9 $0 $< $x', 'abc'],
    ['two-digit references falling back to one digit', '(a)', '$10-$01', 'a'],
    ['an unmatched group', '(x)?b', '[$1]', 'ab'],
    ['empty matches', '^', '> ', 'one\ntwo'],
  ])('fills the replacement like String.replace: %s', (_name, pattern, replacement, text) => {
    const regex = new RegExp(pattern, 'gm');
    expect(replaceInNote(text, regex, replacement, ON).text).toBe(text.replace(regex, replacement));
  });

  test('leaves frontmatter and code alone, and counts what it left', () => {
    const text = [
      '---',
      'title: TODO list',
      '---',
      'TODO one `TODO inline` TODO two',
      '```',
      'TODO in fence',
      '```',
      '    TODO indented code',
      '',
      '``a ` TODO still code``',
    ].join('\n');
    const outcome = replaceInNote(text, /TODO/g, 'DONE', OFF);
    expect(outcome.text).toBe(text.replace('TODO one', 'DONE one').replace('TODO two', 'DONE two'));
    expect(outcome).toMatchObject({ replacements: 2, skipped: 5 });
    expect(replaceInNote(text, /TODO/g, 'DONE', ON)).toMatchObject({ replacements: 7, skipped: 0 });
  });

  test('a match reaching into code is skipped whole', () => {
    const outcome = replaceInNote('say `x` now', /say `x/g, 'y', OFF);
    expect(outcome).toMatchObject({ text: 'say `x` now', replacements: 0, skipped: 1 });
  });

  test('an unclosed backtick run is plain text', () => {
    expect(replaceInNote('a ` TODO', /TODO/g, 'X', OFF).text).toBe('a ` X');
    expect(replaceInNote('a \\`TODO`', /TODO/g, 'X', OFF).text).toBe('a \\`X`');
  });

  test('previews show the line around each of the first replacements', () => {
    const text = `intro\n${'x'.repeat(60)} cat ${'y'.repeat(60)}\ncat\ncat\ncat`;
    const outcome = replaceInNote(text, /cat/g, 'dog', { ...OFF, previews: 2 });
    expect(outcome.previews).toEqual([
      {
        line: 1,
        before: `${'x'.repeat(39)} cat ${'y'.repeat(39)}`,
        after: `${'x'.repeat(39)} dog ${'y'.repeat(39)}`,
      },
      { line: 2, before: 'cat', after: 'dog' },
    ]);
    expect(outcome.replacements).toBe(4);
  });

  test('keeps CRLF line endings as they are', () => {
    const text = 'a cat\r\nanother cat\r\n';
    const outcome = replaceInNote(text, /cat/g, 'dog', OFF);
    expect(outcome.text).toBe('a dog\r\nanother dog\r\n');
    expect(outcome.previews[0]).toEqual({ line: 0, before: 'a cat', after: 'a dog' });
  });
});
