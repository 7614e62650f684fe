import { describe, expect, test } from 'bun:test';
import { pageText, textWindow } from './page-text.ts';

const URL_OF_PAGE = 'https://example.com/docs/page.html';

describe('pageText', () => {
  test('HTML becomes Markdown with absolute links, without scripts, styles or the head', async () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><h2>Hi</h2>' +
      '<p>A <a href="../x?a=(1)">link</a> and <a href="javascript:alert(1)">js</a>.</p>' +
      '<script>evil()</script><img src="/i.png" alt="pic"><ul><li>one</li></ul></body></html>';
    expect(await pageText(Buffer.from(html), 'text/html', URL_OF_PAGE, 'markdown')).toEqual({
      format: 'markdown',
      text:
        '## Hi\n\nA [link](https://example.com/x?a=%281%29) and js.\n\n' +
        '![pic](https://example.com/i.png)\n\n-   one',
    });
  });

  test('format html keeps the HTML; other text stays as served', async () => {
    expect(await pageText(Buffer.from('<p>x</p>'), 'text/html', URL_OF_PAGE, 'html')).toEqual({
      format: 'html',
      text: '<p>x</p>',
    });
    expect(
      await pageText(Buffer.from('{"a":1}'), 'application/json', URL_OF_PAGE, 'markdown'),
    ).toEqual({
      format: 'text',
      text: '{"a":1}',
    });
  });

  test('decodes with the charset of the header or of a meta tag', async () => {
    const latin1 = Buffer.from('<p>caf\xe9</p>', 'latin1');
    expect(
      (await pageText(latin1, 'text/html; charset=ISO-8859-1', URL_OF_PAGE, 'html')).text,
    ).toBe('<p>café</p>');
    const withMeta = Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1');
    expect((await pageText(withMeta, 'text/html', URL_OF_PAGE, 'html')).text).toContain('café');
    expect(
      (await pageText(Buffer.from('é'), 'text/plain; charset=bogus', URL_OF_PAGE, 'html')).text,
    ).toBe('é');
  });

  test('binary content is unsupported', async () => {
    for (const contentType of ['image/png', 'application/pdf']) {
      let thrown: unknown;
      try {
        await pageText(Buffer.from([1, 2]), contentType, URL_OF_PAGE, 'markdown');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'unsupported', details: { contentType } });
    }
  });
});

describe('textWindow', () => {
  test('cuts a window and says where the next one starts', () => {
    expect(textWindow('abcdefghij', 0, 4)).toEqual({
      content: 'abcd',
      totalLength: 10,
      startIndex: 0,
      nextStartIndex: 4,
      truncated: true,
    });
    expect(textWindow('abcdefghij', 8, 4)).toEqual({
      content: 'ij',
      totalLength: 10,
      startIndex: 8,
      truncated: false,
    });
  });

  test('never splits a surrogate pair', () => {
    expect(textWindow('ab😀cd', 0, 3)).toMatchObject({ content: 'ab', nextStartIndex: 2 });
  });

  test('a start past the end is refused; an empty text is one empty window', () => {
    expect(() => textWindow('abc', 3, 10)).toThrow('past the end');
    expect(textWindow('', 0, 10)).toMatchObject({ content: '', totalLength: 0, truncated: false });
  });
});
