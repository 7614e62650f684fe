import { describe, expect, test } from 'bun:test';
import { FrontmatterYamlError, editFrontMatter } from './frontmatter-edit.ts';

describe('editFrontMatter', () => {
  test('changes one key and keeps the body byte for byte', () => {
    const text = '---\ntitle: Old\ntags: [a, b]\n---\n\n# Body\r\nkeep  this\n';
    const next = editFrontMatter(text, (data) => {
      data.title = 'New';
    });
    expect(next).toBe('---\ntitle: New\ntags:\n  - a\n  - b\n---\n\n# Body\r\nkeep  this\n');
  });

  test('adds a block to a note without one', () => {
    expect(editFrontMatter('Body\n', (data) => (data.status = 'done'))).toBe(
      '---\nstatus: done\n---\nBody\n',
    );
  });

  test('an emptied object removes the block', () => {
    expect(editFrontMatter('---\na: 1\n---\nBody', (data) => delete data.a)).toBe('Body');
  });

  test('writes empty values as "key:" and quotes only what needs it', () => {
    const next = editFrontMatter('', (data) =>
      Object.assign(data, { empty: null, link: '[[Note]]', date: '2024-01-01' }),
    );
    expect(next).toBe('---\nempty:\nlink: "[[Note]]"\ndate: 2024-01-01\n---\n');
  });

  test('an empty block is an empty object', () => {
    expect(editFrontMatter('---\n---\nBody', (data) => (data.a = 1))).toBe('---\na: 1\n---\nBody');
  });

  test.each([
    ['invalid YAML', '---\na: [1\nb: 2\n---\nBody'],
    ['a list instead of a mapping', '---\n- a\n- b\n---\nBody'],
  ])('%s throws a YAML error and never calls the change', (_name, text) => {
    let called = false;
    let thrown: unknown;
    try {
      editFrontMatter(text, () => {
        called = true;
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FrontmatterYamlError);
    expect((thrown as Error).name).toBe('YAMLParseError');
    expect((thrown as Error).message).not.toContain('\n');
    expect(called).toBe(false);
  });

  test('a change that changes nothing returns the same text when the block is already canonical', () => {
    const text = '---\ntitle: Same\n---\nBody';
    expect(editFrontMatter(text, () => undefined)).toBe(text);
  });
});
