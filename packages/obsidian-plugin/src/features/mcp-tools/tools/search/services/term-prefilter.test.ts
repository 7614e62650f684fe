import { describe, expect, test } from 'bun:test';
import { termsOf } from '../../../../semantic-search/index.ts';
import { mayHoldAnyOf } from './term-prefilter.ts';

const note = (text: string, path = 'Note.md') => ({ path, text });

describe('mayHoldAnyOf', () => {
  test('finds every note whose tokens hold a term: stems, "-ies", case and accents', () => {
    const cases: [string, string][] = [
      ['running beans', 'The RUNNING of the Beans'],
      ['berries', 'a berry bush'],
      ['berry', 'Berries ripen'],
      ['creme brulee', 'Crème Brûlée for four'],
      ['crème', 'creme fraiche'],
    ];
    for (const [query, text] of cases) {
      const terms = termsOf(query);
      const holds = termsOf(text).some((term) => terms.includes(term));
      expect({ query, holds, found: mayHoldAnyOf(terms)(note(text)) }).toEqual({
        query,
        holds: true,
        found: true,
      });
    }
  });

  test('skips a note that holds none of the terms, and looks at the file name too', () => {
    const found = mayHoldAnyOf(termsOf('fleece'));
    expect(found(note('carrot fly under netting'))).toBe(false);
    expect(found(note('nothing here', 'Garden/Fleece tunnels.md'))).toBe(true);
  });
});
