import { describe, expect, test } from 'bun:test';
import { asDictionary } from './as-dictionary.ts';

describe('asDictionary', () => {
  test('keeps every own key and value, names like Object members included, and no prototype', () => {
    const record = Object.create(null) as Record<string, number>;
    record['Notes/a.md'] = 2;
    record['__proto__' as string] = 1;
    record['constructor' as string] = 3;
    const same = asDictionary(record);
    expect(same).toBe(record);
    expect(Object.getPrototypeOf(same)).toBeNull();
    expect(Object.entries(same)).toEqual([
      ['Notes/a.md', 2],
      ['__proto__', 1],
      ['constructor', 3],
    ]);
    expect('toString' in same).toBe(false);
  });
});
