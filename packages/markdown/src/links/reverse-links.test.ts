import { expect, test } from 'bun:test';
import { ReverseLinks } from './reverse-links.ts';

test('follows each source from its old counts to its new ones, counts read from the forward record', () => {
  const forward: Record<string, Record<string, number>> = {
    'a.md': { 'x.md': 2, 'y.md': 1 },
    'b.md': { 'x.md': 1 },
  };
  const reverse = new ReverseLinks();
  for (const [source, counts] of Object.entries(forward))
    reverse.replace(source, undefined, counts);
  const of = (target: string) => reverse.countsOf(target, (source) => forward[source]);
  expect(of('x.md')).toEqual({ 'a.md': 2, 'b.md': 1 });
  reverse.replace('a.md', forward['a.md'], (forward['a.md'] = { 'y.md': 3 }));
  expect(of('x.md')).toEqual({ 'b.md': 1 });
  expect(of('y.md')).toEqual({ 'a.md': 3 });
  reverse.replace('b.md', forward['b.md'], undefined);
  delete forward['b.md'];
  expect(of('x.md')).toEqual({});
  expect(of('nowhere.md')).toEqual({});
});
