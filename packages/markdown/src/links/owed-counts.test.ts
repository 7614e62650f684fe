/**
 * OwedCounts: the record it hands out never holds anything owed; each owed entry is made once,
 * when the record is asked for, in the key order it was owed in, and a write or a delete wins
 * over what was owed.
 */
import { describe, expect, test } from 'bun:test';
import { OwedCounts } from './owed-counts.ts';

type Counts = Record<string, number>;

function owing(entries: Record<string, Counts>) {
  const owed = new OwedCounts(Object.create(null) as Record<string, Counts>);
  const made: string[] = [];
  for (const [key, counts] of Object.entries(entries))
    owed.owe(key, () => {
      made.push(key);
      return counts;
    });
  return { owed, made };
}

describe('OwedCounts', () => {
  test('the record makes what is owed first, once, keeping the order it was owed in', () => {
    const { owed, made } = owing({ 'b.md': { 'a.md': 2 }, 'a.md': {} });
    owed.settled('c.md', { 'a.md': 1 });
    expect(made).toEqual([]);
    const record = owed.record();
    expect(Object.entries(record)).toEqual([
      ['b.md', { 'a.md': 2 }],
      ['a.md', {}],
      ['c.md', { 'a.md': 1 }],
    ]);
    expect(owed.record()).toBe(record);
    expect(made).toEqual(['b.md', 'a.md']);
  });

  test('a write replaces what was owed, and a delete removes it, without making it', () => {
    const { owed, made } = owing({ 'a.md': { 'b.md': 1 }, 'c.md': { 'b.md': 1 } });
    owed.settled('a.md', { 'z.md': 1 });
    owed.delete('c.md');
    expect({ ...owed.record() }).toEqual({ 'a.md': { 'z.md': 1 } });
    expect(made).toEqual([]);
  });

  test('a maker tells how to make an entry without making it', () => {
    const { owed, made } = owing({ 'a.md': { x: 1 }, 'b.md': { y: 1 } });
    const maker = owed.maker('b.md');
    expect(made).toEqual([]);
    expect(maker?.()).toEqual({ y: 1 });
    expect(made).toEqual(['b.md']);
    const record = owed.record();
    expect(owed.maker('a.md')?.()).toBe(record['a.md'] as Counts);
    expect(owed.maker('gone.md')).toBeUndefined();
  });

  test('made entries are read one by one without making what is owed or filling the record', () => {
    const { owed, made } = owing({ 'a.md': { 'b.md': 1 } });
    owed.settled('c.md', { 'a.md': 2 });
    expect(owed.made('c.md')).toEqual({ 'a.md': 2 });
    expect(owed.made('a.md')).toBeUndefined(); // owed, not made
    expect(owed.made('gone.md')).toBeUndefined();
    expect(made).toEqual([]);
    owed.record();
    owed.owe('d.md', () => ({}));
    expect(owed.made('a.md')).toEqual({ 'b.md': 1 });
    expect(owed.made('d.md')).toBeUndefined(); // owed after the record was handed out
    owed.delete('c.md');
    expect(owed.made('c.md')).toBeUndefined();
  });

  test('after the record was handed out, owing, writing and deleting go on in it', () => {
    const { owed, made } = owing({ 'a.md': { x: 1 } });
    const record = owed.record();
    owed.owe('b.md', () => {
      made.push('b.md');
      return { y: 2 };
    });
    owed.settled('c.md', { z: 3 });
    owed.delete('a.md');
    expect(owed.maker('c.md')?.()).toEqual({ z: 3 });
    expect(made).toEqual(['a.md']);
    expect(owed.record()).toBe(record);
    expect(Object.entries(record)).toEqual([
      ['b.md', { y: 2 }],
      ['c.md', { z: 3 }],
    ]);
    expect(made).toEqual(['a.md', 'b.md']);
  });

  test('a maker that throws leaves the record to be filled again, in order', () => {
    let fail = true;
    const owed = new OwedCounts(Object.create(null) as Record<string, Counts>);
    owed.settled('a.md', { x: 1 });
    owed.owe('b.md', () => {
      if (fail) throw new Error('not now');
      return { y: 2 };
    });
    owed.settled('c.md', { z: 3 });
    expect(() => owed.record()).toThrow('not now');
    fail = false;
    expect(Object.entries(owed.record())).toEqual([
      ['a.md', { x: 1 }],
      ['b.md', { y: 2 }],
      ['c.md', { z: 3 }],
    ]);
  });

  test('an owed entry is told apart from a made one, before and after the record is filled', () => {
    const { owed, made } = owing({ 'a.md': { 'x.md': 1, 'y.md': 2 } });
    owed.settled('b.md', { 'x.md': 1 });
    const targets: string[] = [];
    owed.owed('a.md')?.eachTarget((target) => targets.push(target));
    expect(targets).toEqual(['x.md', 'y.md']);
    expect(owed.owed('b.md')).toBeUndefined();
    expect(owed.made('a.md')).toBeUndefined();
    owed.record();
    owed.owe('c.md', () => ({ 'z.md': 1 }));
    expect(owed.owed('a.md')).toBeUndefined(); // made by the record
    expect(owed.owed('c.md')).toBeDefined();
    expect(owed.maker('c.md')?.()).toEqual({ 'z.md': 1 });
    expect(made).toEqual(['a.md', 'a.md']); // walked once by default, then made for the record
  });
});
