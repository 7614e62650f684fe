import { describe, expect, spyOn, test } from 'bun:test';
import {
  Server,
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  type CallToolResult,
  type JSONRPCMessage,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { LegacyAnswers, framed } from './json-when-answer-only.ts';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'echo', arguments: {}, _meta: { progressToken: `p${id}` } },
});
const answer = (id: number, text = 'ok'): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }] },
});
const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/** The SDK's handler, legacy leg included, with a tool `echo` that runs `before` first. */
function legacyEndpoint(before: (ctx: ServerContext) => Promise<void> = async () => undefined) {
  const answers = new LegacyAnswers();
  const handler = createMcpHandler(
    (context) => {
      const server = new Server({ name: 'test', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/call', async (_request, ctx): Promise<CallToolResult> => {
        await before(ctx);
        return { content: [{ type: 'text', text: 'ok' }] };
      });
      return answers.serverFor(server, context);
    },
    { legacy: 'stateless' },
  );
  return (body: unknown) => {
    const request = new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
    });
    return answers.respond(request, body, () => handler.fetch(request, { parsedBody: body }));
  };
}

/** The JSON-RPC messages of an event stream's `message` events, in order. */
function eventsIn(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: message\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as unknown);
}

/** An SSE response whose stream the test feeds, and whether it was cancelled. */
function fedStream() {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled = { value: false };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (feed = controller),
    cancel: () => void (cancelled.value = true),
  });
  const response = new Response(body, { status: 200, headers: SSE_HEADERS });
  const write = (text: string) => feed.enqueue(new TextEncoder().encode(text));
  return { response, write, end: () => feed.close(), cancelled };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('a legacy request through the SDK handler', () => {
  test('an answer sent alone goes out as one JSON body with its length', async () => {
    const response = await legacyEndpoint()(call(3));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBeNull();
    const body = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toEqual(answer(3));
  });

  test("the SDK's transport never writes that answer as an event (it is serialized once)", async () => {
    const sent = spyOn(WebStandardStreamableHTTPServerTransport.prototype, 'send');
    try {
      expect(await (await legacyEndpoint()(call(6))).json()).toEqual(answer(6));
      expect(sent).not.toHaveBeenCalled();
    } finally {
      sent.mockRestore();
    }
  });

  test('a notification before the answer keeps the event stream: the notification, then the answer', async () => {
    const progress = async (ctx: ServerContext) => {
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: 'p5', progress: 1 },
      });
    };
    const response = await legacyEndpoint(progress)(call(5));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = eventsIn(await response.text());
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p5', progress: 1 },
      },
      answer(5),
    ]);
  });

  test("a batch's answers go out as the SDK's event stream", async () => {
    const response = await legacyEndpoint()([call(1), call(2)]);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = eventsIn(await response.text());
    expect(messages).toHaveLength(2);
    expect(messages).toContainEqual(answer(1));
    expect(messages).toContainEqual(answer(2));
  });

  test('an answer whose tool failed is a JSON answer too', async () => {
    const response = await legacyEndpoint(async () => {
      throw new Error('the tool broke');
    })(call(4));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.stringify(await response.json())).toContain('the tool broke');
  });
});

describe('framed', () => {
  test("an answer handed over before the stream carried anything is JSON, and the SDK's stream is cancelled", async () => {
    const stream = fedStream();
    const response = await framed(stream.response, Promise.resolve(answer(7)));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await response.text())).toEqual(answer(7));
    expect(stream.cancelled.value).toBe(true);
  });

  test('after a keep-alive comment the stream goes on, the answer handed over as its last event', async () => {
    const stream = fedStream();
    const handed = deferred<JSONRPCMessage>();
    stream.write(': keepalive\n\n');
    const response = await framed(stream.response, handed.promise);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = response.text();
    handed.resolve(answer(8, 'ruche – été'));
    expect(await text).toBe(': keepalive\n\n' + event(answer(8, 'ruche – été')));
    expect(stream.cancelled.value).toBe(true);
  });

  test('a stream the SDK writes itself is passed on byte for byte', async () => {
    const stream = fedStream();
    const handed = deferred<JSONRPCMessage | null>();
    const notification = event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    stream.write(notification);
    const response = await framed(stream.response, handed.promise);
    handed.resolve(null); // the server sent the notification first: the SDK writes the answer
    stream.write(event(answer(9)));
    stream.end();
    expect(await response.text()).toBe(notification + event(answer(9)));
  });

  test('a chunk that arrives after the server sent something first is read, not lost to the wait', async () => {
    const stream = fedStream();
    const handed = deferred<JSONRPCMessage | null>();
    const notification = event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    stream.write(notification);
    const response = await framed(stream.response, handed.promise);
    handed.resolve(null);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(notification);
    const second = reader.read();
    // One turn of the event loop: the wait for the answer settles before the chunk comes.
    await new Promise(setImmediate);
    stream.write(event(answer(10)));
    expect(decoder.decode((await second).value)).toBe(event(answer(10)));
  });

  test('a request no server hands its answer for (2026-07-28) keeps its stream untouched', async () => {
    const stream = fedStream();
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', body: '{}' });
    const response = await new LegacyAnswers().respond(
      request,
      call(1),
      async () => stream.response,
    );
    expect(response).toBe(stream.response);
  });

  test('a JSON body streamed without a length is read whole and sent with its length', async () => {
    const stream = fedStream();
    stream.write(JSON.stringify(answer(9)));
    stream.end();
    const streamed = new Response(stream.response.body, {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-kept': 'yes' },
    });
    const response = await framed(streamed, null);
    const body = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(JSON.parse(body)).toEqual(answer(9));
  });

  test('a response with its length already, neither JSON nor a stream, or without an exchange, is returned untouched', async () => {
    const sized = new Response('{"id":1}', {
      headers: { 'content-type': 'application/json', 'content-length': '8' },
    });
    expect(await framed(sized, null)).toBe(sized);
    const text = new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain' },
    });
    expect(await framed(text, null)).toBe(text);
    const empty = new Response(null, { status: 202 });
    expect(await framed(empty, Promise.resolve(answer(1)))).toBe(empty);
    const batch = fedStream().response;
    expect(await framed(batch, null)).toBe(batch);
  });
});
