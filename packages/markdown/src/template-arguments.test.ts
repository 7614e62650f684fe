import { describe, expect, test } from 'bun:test';
import {
  argumentsWithTemplaterTags,
  declaredTemplateArguments,
  dropDeclarations,
  fillTemplateArguments,
  templatePlaceholders,
} from './template-arguments.ts';

describe('declaredTemplateArguments', () => {
  test('reads names and descriptions in every tag flavour and quote style', () => {
    const text = [
      '<% tp.mcpTools.prompt("topic", "What the note is about") %>',
      "<%* tp.mcpTools.prompt('due') -%>",
      '<%_ tp.mcpTools.prompt(`who`, `Owner, "quoted"`); _%>',
      '<% tp.mcpTools.prompt("esc\\"aped", "a \\"b\\"") %>',
      '<% tp.mcpTools.prompt("topic", "second declaration is ignored") %>',
    ].join('\n');
    expect(declaredTemplateArguments(text)).toEqual([
      { name: 'topic', description: 'What the note is about' },
      { name: 'due', description: '' },
      { name: 'who', description: 'Owner, "quoted"' },
      { name: 'esc"aped', description: 'a "b"' },
    ]);
  });

  test('ignores other Templater calls', () => {
    expect(declaredTemplateArguments('<% tp.file.title %> <% tp.system.prompt("x") %>')).toEqual(
      [],
    );
  });
});

describe('dropDeclarations', () => {
  test('a declaration alone on its line takes the line with it', () => {
    expect(dropDeclarations('# T\n<% tp.mcpTools.prompt("a") %>\r\nbody\n')).toBe('# T\nbody\n');
    expect(dropDeclarations('  <% tp.mcpTools.prompt("a") %>  \nbody')).toBe('body');
    expect(dropDeclarations('last\n<% tp.mcpTools.prompt("a") %>')).toBe('last\n');
  });

  test('a declaration inside a line leaves the rest of the line', () => {
    expect(dropDeclarations('Topic: <% tp.mcpTools.prompt("a") %> here\nnext')).toBe(
      'Topic:  here\nnext',
    );
  });

  test('keeps every other Templater tag', () => {
    const text = '# <% tp.file.title %>\n<%* let x = 1 %>\n';
    expect(dropDeclarations(text)).toBe(text);
  });
});

describe('fillTemplateArguments', () => {
  test('fills every occurrence, with or without inner spaces, in one pass', () => {
    const text = '<% tp.mcpTools.prompt("name") %>\n{{name}} and {{ name }} and {{other}}';
    expect(fillTemplateArguments(text, { name: '{{other}} $& $1' })).toEqual({
      text: '{{other}} $& $1 and {{other}} $& $1 and {{other}}',
      missing: [],
      unused: [],
    });
  });

  test('leaves placeholders it has no value for, such as core Templates variables', () => {
    expect(fillTemplateArguments('{{date}} {{title}}', {}).text).toBe('{{date}} {{title}}');
  });

  test('reports declared arguments without a value and given names nothing uses', () => {
    const text = '<% tp.mcpTools.prompt("a", "first") %>\n<% tp.mcpTools.prompt("b") %>\n{{c}}';
    expect(fillTemplateArguments(text, { b: 'B', c: 'C', typo: 'x' })).toEqual({
      text: 'C',
      missing: [{ name: 'a', description: 'first' }],
      unused: ['typo'],
    });
  });

  test('an inherited property name is not a given value', () => {
    expect(fillTemplateArguments('{{constructor}}', {}).text).toBe('{{constructor}}');
  });
});

test('templatePlaceholders lists each name once', () => {
  expect(templatePlaceholders('{{a}} {{ b }} {{a}} {{}} { {c} }')).toEqual(['a', 'b']);
});

test('argumentsWithTemplaterTags names values that would run as Templater code', () => {
  expect(argumentsWithTemplaterTags({ safe: '50% off', bad: '<%* app.vault %>' })).toEqual(['bad']);
});
