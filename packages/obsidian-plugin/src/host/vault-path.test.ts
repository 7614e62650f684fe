import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { normalizeFolderPath, normalizeVaultPath, splitFileName } from './vault-path.ts';

function refusal(input: string): ToolError {
  try {
    normalizeVaultPath(input, '.obsidian');
  } catch (error) {
    if (error instanceof ToolError) return error;
  }
  throw new Error(`"${input}" was accepted`);
}

describe('normalizeVaultPath', () => {
  test.each([
    ['Notes/a.md', 'Notes/a.md'],
    ['./Notes//a.md', 'Notes/a.md'],
    ['Notes/a.md/', 'Notes/a.md'],
    ['Cafe\u0301.md', 'Café.md'],
    ['Notes/./b.md', 'Notes/b.md'],
    ['50%.md', '50%.md'],
  ])('%p becomes %p', (input, expected) => {
    expect(normalizeVaultPath(input, '.obsidian')).toBe(expected);
  });

  test.each([
    '../secret.md',
    'Notes/../../etc/passwd',
    '/etc/passwd',
    'C:/Windows/win.ini',
    'Notes\\a.md',
    'a\0.md',
    '%2e%2e/secret.md',
    'Notes%2F..%2Fa.md',
    '.obsidian/app.json',
    '.OBSIDIAN/app.json',
    '.git/config',
    'Notes/.hidden.md',
    '',
    '/',
    'x'.repeat(1025),
  ])('refuses %p with invalid_path', (input) => {
    expect(refusal(input).code).toBe('invalid_path');
  });

  test('honours a custom config folder', () => {
    expect(() => normalizeVaultPath('config/app.json', 'config')).toThrow(ToolError);
    expect(normalizeVaultPath('config/app.json', '.obsidian')).toBe('config/app.json');
  });
});

describe('normalizeFolderPath', () => {
  test.each(['', '/', '.', './'])('%p is the vault root', (input) => {
    expect(normalizeFolderPath(input, '.obsidian')).toBe('');
  });
});

describe('splitFileName', () => {
  test('splits at the last dot and keeps dotless and dot-leading names whole', () => {
    expect(splitFileName('a.b.md')).toEqual({ basename: 'a.b', extension: 'md' });
    expect(splitFileName('README')).toEqual({ basename: 'README', extension: '' });
    expect(splitFileName('Photo.JPG')).toEqual({ basename: 'Photo', extension: 'JPG' });
  });
});
