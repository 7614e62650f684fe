import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TASKS_DEMO, loadCapturedNotes } from '@mcp-connector/shared/test-support';
import { parse } from 'yaml';
import { parseSimpleYaml } from './simple-yaml.ts';

/** What the full parser makes of it, as frontmatter.ts asks (null when it throws). */
function fullParse(source: string): unknown {
  try {
    return parse(source, { logLevel: 'error' }) as unknown;
  } catch {
    return 'throws';
  }
}

/** The fast path must agree with the full parser, key order included, or step aside. */
function expectAgreement(source: string): boolean {
  const fast = parseSimpleYaml(source);
  if (fast === undefined) return false;
  expect({ source, value: JSON.stringify(fast) }).toEqual({
    source,
    value: JSON.stringify(fullParse(source)),
  });
  expect(fast).toEqual(fullParse(source) as Record<string, unknown>);
  return true;
}

describe('the simple frontmatter fast path', () => {
  test('takes the common forms and reads them as YAML does', () => {
    const common = [
      'tags: [project, idea]\nstatus: active\ncreated: 2026-01-05\naliases: [the of]',
      'title: "Quoted: with colon"\nother: \'single # not a comment\'',
      'count: 42\nzero: 007\nflag: true\nnone: null\nempty:\nyes: yes',
      'aliases:\n  - First\n  - Second one\nnext: value',
      'tags:\n- a\n- b/c',
      'url: https://example.com/a?b=c\ntitle: a [b] c, d\nlang: C#',
      'due date: 2026-02-01\n_private: x\npath: /a/b\nname: français',
      'tags: []\nlist: [a,b , c]',
      'word: Null\nTrue thing: TRUE\ncaps: FALSE',
    ];
    for (const source of common) expect(expectAgreement(source)).toBe(true);
  });

  test('steps aside for everything outside the subset', () => {
    const other = [
      'a: 1.5',
      'a: 1e3',
      'a: 0x1F',
      'a: .inf',
      'a: ~',
      'a: -1',
      'a: +1',
      'a: 10:30',
      'a: b # comment',
      '# comment\na: b',
      'a: b\na: c',
      'a:\n  b: c',
      'a: foo\n  bar',
      'a: |\n  text',
      'a: &x b\nc: *x',
      'a: !tag b',
      'a: "esc\\"aped"',
      "a: 'it''s'",
      'a: {b: c}',
      'a: [[Link]]',
      'a: ["[[Link]]"]',
      'a: [b, ]',
      'a: b: c',
      'a: b:',
      'a:\tb',
      'a: b\r\nc: d',
      'a:\n  - b\n    - c',
      'a:\n- b\n  - c',
      '- a\n- b',
      'just text',
      'null: a',
      '__proto__: a',
      '1: a',
      'a: 1234567890123456',
      'a: @b',
      'a: `b`',
      'a: %b',
      'a:\u00a0b',
      'a: b\u2028c',
    ];
    for (const source of other) expect(parseSimpleYaml(source)).toBeUndefined();
  });

  test('agrees with the full parser on thousands of generated mappings', () => {
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const keys = ['a', 'tags', 'status', 'due date', 'x_y', 'aliases', 'k-1', 'True', 'n'];
    const scalars = [
      'word',
      'two words',
      '12',
      '0',
      '2026-13-45',
      '1.0',
      'true',
      'False',
      'NULL',
      'null',
      'é',
      '"q"',
      "'q'",
      '"a: b"',
      'a:b',
      'a,b',
      'a [b]',
      '/p',
      '_u',
      'x#y',
      '-x',
      '?x',
      ':x',
      'yes',
      '~',
      '',
      ' ',
    ];
    let taken = 0;
    for (let round = 0; round < 3000; round++) {
      const lines: string[] = [];
      for (let entry = 0; entry < 1 + Math.floor(next() * 4); entry++) {
        const key = pick(keys);
        const shape = next();
        if (shape < 0.5) lines.push(`${key}: ${pick(scalars)}`);
        else if (shape < 0.75)
          lines.push(
            `${key}: [${Array.from({ length: Math.floor(next() * 3) }, () => pick(scalars)).join(', ')}]`,
          );
        else {
          lines.push(`${key}:`);
          const indent = pick(['', '  ', '    ']);
          for (let item = 0; item < Math.floor(next() * 3); item++)
            lines.push(`${indent}- ${pick(scalars)}`);
        }
      }
      if (expectAgreement(lines.join('\n'))) taken++;
    }
    expect(taken).toBeGreaterThan(500);
  });

  test('agrees with the full parser on real frontmatter', () => {
    const sources: string[] = [];
    const frontmatterOf = (text: string) => {
      const match = /^---\n([\s\S]*?)\n---/.exec(text);
      if (match !== null) sources.push(match[1] as string);
    };
    if (!existsSync(TASKS_DEMO)) {
      console.log('skipped: ../shared (captured notes, tasks-demo) is not beside the repository');
      return;
    }
    for (const [, note] of loadCapturedNotes()) frontmatterOf(note.fileContents);
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('.')) walk(path);
        else if (entry.name.endsWith('.md')) frontmatterOf(readFileSync(path, 'utf8'));
      }
    };
    walk(TASKS_DEMO);
    expect(sources.length).toBeGreaterThan(20);
    for (const source of sources) expectAgreement(source);
  });
});
