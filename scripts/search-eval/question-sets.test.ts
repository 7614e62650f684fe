import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import heldOut from './held-out.json' with { type: 'json' };
import tuning from './questions.json' with { type: 'json' };

const VAULT = join(import.meta.dir, '..', '..', 'test-data', 'vault');

describe('the evaluation question sets', () => {
  test.each([
    ['questions.json', tuning.questions],
    ['held-out.json', heldOut.questions],
  ])('%s: every answer is a note of the test vault, every question has keywords', (_, set) => {
    for (const { question, answer, keywords } of set) {
      expect({ question, exists: existsSync(join(VAULT, answer)) }).toEqual({
        question,
        exists: true,
      });
      expect(keywords.length).toBeGreaterThan(0);
    }
  });

  test('the held-out set is at least 15 questions, none of them in the tuning set', () => {
    const tuned = new Set(tuning.questions.map((entry) => entry.question.toLowerCase()));
    expect(heldOut.questions.length).toBeGreaterThanOrEqual(15);
    expect(heldOut.questions.filter((entry) => tuned.has(entry.question.toLowerCase()))).toEqual(
      [],
    );
  });
});
