import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MULTILINGUAL_VAULT, QUESTIONS } from './evaluate-multilingual.ts';

const SCRIPTS: Record<string, RegExp> = {
  latin: /\p{Script=Latin}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  han: /\p{Script=Han}/u,
  arabic: /\p{Script=Arabic}/u,
  devanagari: /\p{Script=Devanagari}/u,
};

describe('the multilingual evaluation set', () => {
  const notes = readdirSync(MULTILINGUAL_VAULT).filter((name) => name.endsWith('.md'));

  test('a few dozen notes in at least three scripts, each the answer to a question', () => {
    expect(notes.length).toBeGreaterThanOrEqual(24);
    const bodies = notes.map((name) => readFileSync(join(MULTILINGUAL_VAULT, name), 'utf8'));
    for (const [script, pattern] of Object.entries(SCRIPTS))
      expect(bodies.filter((body) => pattern.test(body)).length, script).toBeGreaterThan(1);
    const answered = new Set(QUESTIONS.map((question) => question.expected));
    expect(notes.filter((name) => !answered.has(name))).toEqual([]);
  });

  test('every question names a note of the vault; some ask across languages', () => {
    for (const question of QUESTIONS) expect(notes).toContain(question.expected);
    expect(QUESTIONS.filter((question) => question.kind === 'cross').length).toBeGreaterThan(5);
  });
});
