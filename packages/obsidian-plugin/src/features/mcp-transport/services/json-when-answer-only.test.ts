import { describe, expect, test } from 'bun:test';
import { jsonWhenAnswerOnly } from './json-when-answer-only.ts';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

const answer = (id: number, text = 'ok') => ({ result: { text }, jsonrpc: '2.0', id });
const progress = { method: 'notifications/progress', params: { progress: 1 }, jsonrpc: '2.0' };
const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/** An SSE response whose body arrives in the given pieces (strings, or bytes to split UTF-8). */
function sse(...pieces: (string | Uint8Array)[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

describe('jsonWhenAnswerOnly', () => {
  test('a stream holding only the answer becomes one JSON body with its length', async () => {
    const response = await jsonWhenAnswerOnly(sse(event(answer(3))));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBeNull();
    const body = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toEqual(answer(3));
  });

  test('an event split across reads, inside a multi-byte character, is read whole', async () => {
    const bytes = new TextEncoder().encode(event(answer(4, 'ruche – été')));
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const response = await jsonWhenAnswerOnly(sse(bytes.slice(0, cut), bytes.slice(cut)));
    expect(JSON.parse(await response.text())).toEqual(answer(4, 'ruche – été'));
  });

  test('the answers of a batch become a JSON array', async () => {
    const response = await jsonWhenAnswerOnly(sse(event(answer(1)), event(answer(2))));
    expect(JSON.parse(await response.text())).toEqual([answer(1), answer(2)]);
  });

  test('a notification before the answer keeps the event stream, every byte in order', async () => {
    const original = event(progress) + event(answer(5));
    const response = await jsonWhenAnswerOnly(sse(event(progress), event(answer(5))));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(original);
  });

  test('a keep-alive comment or an event id keeps the event stream', async () => {
    const keepAlive = ': keepalive\n\n' + event(answer(6));
    expect(await (await jsonWhenAnswerOnly(sse(keepAlive))).text()).toBe(keepAlive);
    const withId = `event: message\nid: 9\ndata: ${JSON.stringify(answer(7))}\n\n`;
    const kept = await jsonWhenAnswerOnly(sse(withId));
    expect(kept.headers.get('content-type')).toBe('text/event-stream');
    expect(await kept.text()).toBe(withId);
  });

  test('a stream that ends without an answer, or mid-event, is passed on as it was', async () => {
    expect(await (await jsonWhenAnswerOnly(sse())).text()).toBe('');
    const cut = event(answer(8)).slice(0, 20);
    const response = await jsonWhenAnswerOnly(sse(cut));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(cut);
  });

  test('a JSON body streamed without a length is read whole and sent with its length', async () => {
    const streamed = new Response(sse(JSON.stringify(answer(9))).body, {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-kept': 'yes' },
    });
    const response = await jsonWhenAnswerOnly(streamed);
    const body = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(JSON.parse(body)).toEqual(answer(9));
  });

  test('a response with its length already, or neither JSON nor a stream, is returned untouched', async () => {
    const sized = new Response('{"id":1}', {
      headers: { 'content-type': 'application/json', 'content-length': '8' },
    });
    expect(await jsonWhenAnswerOnly(sized)).toBe(sized);
    const text = new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain' },
    });
    expect(await jsonWhenAnswerOnly(text)).toBe(text);
    const empty = new Response(null, { status: 202 });
    expect(await jsonWhenAnswerOnly(empty)).toBe(empty);
  });
});
