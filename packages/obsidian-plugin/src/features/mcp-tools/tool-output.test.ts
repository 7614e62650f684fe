import { describe, expect, test } from 'bun:test';
import { successResult, withContent, withResultMeta } from './tool-output.ts';

describe('result shaping', () => {
  test('withResultMeta adds _meta beside byte-identical content and structuredContent', () => {
    const data = { query: 'q', hits: [{ path: 'a.md', line: 0, excerpt: 'é <b>' }] };
    const plain = successResult(data);
    const rich = successResult(withResultMeta(data, { k: 1 }));
    expect(rich).toEqual({ ...plain, _meta: { k: 1 } });
    expect(JSON.stringify(rich.content)).toBe(JSON.stringify(plain.content));
  });

  test('plain and media results keep carrying no _meta', () => {
    expect('_meta' in successResult({ a: 1 })).toBe(false);
    const image = { type: 'image' as const, data: 'AA==', mimeType: 'image/png' };
    const media = successResult(withContent({ a: 1 }, [image]));
    expect(media.content).toHaveLength(2);
    expect('_meta' in media).toBe(false);
  });
});
