import { expect, test } from 'bun:test';
import { parseSummary } from './test-under-load.ts';

test("the counts are read from bun test's summary", () => {
  const output = [
    '(pass) a [1.00ms]',
    '(fail) b [2.00ms]',
    '',
    ' 1514 pass',
    ' 6 skip',
    ' 2 fail',
    ' 1 error',
    ' 5012 expect() calls',
    'Ran 1522 tests across 160 files. [84.22s]',
  ].join('\n');
  expect(parseSummary(output)).toEqual({ pass: 1514, fail: 2, skip: 6, errors: 1, files: 160 });
  expect(parseSummary(' 3 pass\n 0 fail\nRan 3 tests across 1 file. [1ms]')).toEqual({
    pass: 3,
    fail: 0,
    skip: 0,
    errors: 0,
    files: 1,
  });
});
