import { describe, expect, test } from 'bun:test';
import { SseParser } from './sse-parser.ts';

describe('SseParser', () => {
  test('joins data lines, names events, ignores comments, and dispatches at blank lines', () => {
    const parser = new SseParser();
    const events = parser.push(
      ': keep-alive\nid: 1\ndata: {"a":\ndata: 1}\n\nevent: ping\ndata:x\n\n',
    );
    expect(events).toEqual([
      { event: 'message', data: '{"a":\n1}', id: '1' },
      { event: 'ping', data: 'x', id: '1' },
    ]);
  });

  test('a chunk may end anywhere, even between CR and LF', () => {
    const text = 'data: {"jsonrpc":"2.0","id":7,"result":{}}\r\n\r\ndata: two\r\n\r\n';
    const parser = new SseParser();
    const events = [...text].flatMap((char) => parser.push(char));
    expect(events.map((event) => event.data)).toEqual([
      '{"jsonrpc":"2.0","id":7,"result":{}}',
      'two',
    ]);
  });

  test('an event with an id and no data (a priming event) dispatches nothing', () => {
    expect(new SseParser().push('id: abc\n\n')).toEqual([]);
  });

  test('a stream that ends without the final blank line still yields its last event', () => {
    const parser = new SseParser();
    expect(parser.push('data: last')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'message', data: 'last', id: undefined }]);
  });
});
