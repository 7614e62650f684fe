import { describe, expect, test } from 'bun:test';
import {
  FakeLink,
  FakeListPair,
  fakeDataArray,
  fakeDateTime,
  fakeDuration,
} from '../test-support/dataview-double.ts';
import { toPlainValue } from './dataview-values.ts';

describe('toPlainValue', () => {
  test('keeps JSON scalars; functions, undefined and non-finite numbers become null', () => {
    expect(toPlainValue('text')).toBe('text');
    expect(toPlainValue(3.5)).toBe(3.5);
    expect(toPlainValue(false)).toBe(false);
    expect(toPlainValue(null)).toBeNull();
    expect(toPlainValue(undefined)).toBeNull();
    expect(toPlainValue(() => 1)).toBeNull();
    expect(toPlainValue(Number.NaN)).toBeNull();
  });

  test('links keep path, display, subpath, embed and type, and drop undefined members', () => {
    expect(toPlainValue(new FakeLink({ path: 'Projects/A.md' }))).toEqual({
      path: 'Projects/A.md',
      embed: false,
      type: 'file',
    });
    const headerLink = new FakeLink({
      path: 'B.md',
      display: 'Bee',
      subpath: 'Intro',
      embed: true,
      type: 'header',
    });
    expect(toPlainValue(headerLink)).toEqual({
      path: 'B.md',
      display: 'Bee',
      subpath: 'Intro',
      embed: true,
      type: 'header',
    });
  });

  test('dates and durations become ISO 8601 text; an invalid date becomes null', () => {
    expect(toPlainValue(fakeDateTime('2024-07-21T00:00:00.000+02:00'))).toBe(
      '2024-07-21T00:00:00.000+02:00',
    );
    expect(toPlainValue(fakeDuration('PT1H30M'))).toBe('PT1H30M');
    expect(toPlainValue(fakeDateTime(null))).toBeNull();
  });

  test('widgets: list pairs and external links as objects, others as their Markdown', () => {
    expect(toPlainValue(new FakeListPair(new FakeLink({ path: 'a.md' }), 3))).toEqual({
      key: { path: 'a.md', embed: false, type: 'file' },
      value: 3,
    });
    expect(
      toPlainValue({ $widget: 'dataview:external-link', url: 'https://x.org', display: 'X' }),
    ).toEqual({ url: 'https://x.org', display: 'X' });
    expect(toPlainValue({ $widget: 'custom', markdown: () => '**w**' })).toBe('**w**');
  });

  test('arrays, data arrays and objects are converted member by member', () => {
    const value = {
      links: fakeDataArray([new FakeLink({ path: 'a.md' }), fakeDateTime('2024-01-01')]),
      nested: [[1, { due: fakeDuration('P1D') }]],
    };
    expect(toPlainValue(value)).toEqual({
      links: [{ path: 'a.md', embed: false, type: 'file' }, '2024-01-01'],
      nested: [[1, { due: 'P1D' }]],
    });
  });

  test('HTML elements become their text', () => {
    expect(
      toPlainValue({ nodeType: 1, textContent: 'rendered', outerHTML: '<b>rendered</b>' }),
    ).toBe('rendered');
  });

  test('a value containing itself or nested too deep still serialises', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(toPlainValue(loop)).toEqual({ name: 'loop', self: '[circular]' });
    const shared = { x: 1 };
    expect(toPlainValue([shared, shared])).toEqual([{ x: 1 }, { x: 1 }]);
    let deep: unknown = 'bottom';
    for (let level = 0; level < 20; level++) deep = [deep];
    expect(JSON.stringify(toPlainValue(deep))).toContain('[too deep]');
  });
});
