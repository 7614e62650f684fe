import { expect, test } from 'bun:test';
import { idOfOversizedMessage } from './oversized-message.ts';

test('the id among the first members, before any nested value', () => {
  expect(
    idOfOversizedMessage('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x', ''),
  ).toBe(7);
  expect(idOfOversizedMessage(' {"id":"a\\"b","params":{', '')).toBe('a"b');
});

test('the id as the last member, as the SDK clients write it', () => {
  expect(
    idOfOversizedMessage(
      '{"method":"tools/call","params":{"id":1',
      'xxx"}},"jsonrpc":"2.0","id":12}',
    ),
  ).toBe(12);
});

test('an id inside a nested value is not the request id', () => {
  expect(idOfOversizedMessage('{"method":"x","params":{"id":3,', 'yy","id":4}}')).toBeNull();
  expect(idOfOversizedMessage('[{"id":1,', '')).toBeNull();
});
