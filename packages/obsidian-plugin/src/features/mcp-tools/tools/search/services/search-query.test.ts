import { describe, expect, test } from 'bun:test';
import { parseQuery } from './search-query.ts';

describe('parseQuery', () => {
  test('plain words rank, each optional', () => {
    expect(parseQuery('carrot fly fleece')).toEqual({
      words: ['carrot', 'fly', 'fleece'],
      phrases: [],
      filters: [],
    });
  });

  test('a quoted phrase ranks and is required', () => {
    expect(parseQuery('"white film" ferment')).toEqual({
      words: ['ferment'],
      phrases: ['white film'],
      filters: [{ clause: { kind: 'phrase', text: 'white film' }, negated: false }],
    });
  });

  test('operators narrow, a leading dash excludes', () => {
    const parsed = parseQuery(
      'tag:#pests path:"Seed library" file:Budget [status:active] [aliases] -slug -tag:draft',
    );
    expect(parsed.words).toEqual([]);
    expect(parsed.filters).toEqual([
      { clause: { kind: 'tag', text: 'pests' }, negated: false },
      { clause: { kind: 'path', text: 'Seed library' }, negated: false },
      { clause: { kind: 'file', text: 'Budget' }, negated: false },
      { clause: { kind: 'property', name: 'status', value: 'active' }, negated: false },
      { clause: { kind: 'property', name: 'aliases', value: null }, negated: false },
      { clause: { kind: 'word', text: 'slug' }, negated: true },
      { clause: { kind: 'tag', text: 'draft' }, negated: true },
    ]);
  });

  test('a lone dash or an empty operator is no clause', () => {
    expect(parseQuery('- tag: "" jam')).toEqual({
      words: ['tag:', 'jam'],
      phrases: [],
      filters: [],
    });
  });
});
