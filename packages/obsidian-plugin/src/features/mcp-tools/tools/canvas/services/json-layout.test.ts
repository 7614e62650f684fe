import { describe, expect, test } from 'bun:test';
import { scanJson, type JsonLayout } from './json-layout.ts';

/** The layout's text for each span, to compare against what was written. */
function texts(text: string, layout: JsonLayout): unknown {
  const own = text.slice(layout.start, layout.end);
  if (layout.kind === 'object')
    return {
      own,
      members: layout.members.map((member) => [member.key, texts(text, member.value)]),
    };
  if (layout.kind === 'array') return { own, items: layout.items.map((item) => texts(text, item)) };
  return own;
}

describe('scanJson', () => {
  test('finds every member and item, through escapes and nesting', () => {
    const text = '\uFEFF {"a\\"]" : [1, -2.5e3 , "x\\\\",{"n":null}],\n"b":{}, "c":true}';
    expect(texts(text, scanJson(text))).toEqual({
      own: text.slice(2),
      members: [
        [
          'a"]',
          {
            own: '[1, -2.5e3 , "x\\\\",{"n":null}]',
            items: ['1', '-2.5e3', '"x\\\\"', { own: '{"n":null}', members: [['n', 'null']] }],
          },
        ],
        ['b', { own: '{}', members: [] }],
        ['c', 'true'],
      ],
    });
  });

  test('a scalar at the top', () => {
    expect(scanJson(' 42 ')).toEqual({ kind: 'scalar', start: 1, end: 3 });
  });
});
