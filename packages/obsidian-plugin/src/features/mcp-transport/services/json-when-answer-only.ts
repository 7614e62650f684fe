/**
 * The SDK's stateless legacy leg answers every POST as an SSE stream, even when the stream will
 * carry nothing but the answer; a client then runs an event-stream parser (a TextDecoderStream
 * and an SSE transform per call) for what could be one JSON body. This wrapper reads such a
 * stream until it knows: when it held only JSON-RPC responses and ended, they go out as one
 * `application/json` body (an array for a batch), which the Streamable HTTP transport allows
 * for any POST; as soon as anything else arrives (a progress or list_changed notification, a
 * request to the client, a keep-alive comment, an event id), the response stays an SSE stream:
 * what was read is sent first and the rest follows as it comes. This is what the 2026-07-28
 * line's `auto` response mode does, applied to the legacy line (ADR-0019). A JSON answer (the
 * 2026-07-28 line's) is read whole and sent with its length too, in one packet.
 */

const SSE = 'text/event-stream';
const JSON_TYPE = 'application/json';
const EVENT_END = '\n\n';
const MESSAGE_EVENT = 'event: message\ndata: ';

/** A response the caller can send as it is: JSON when the stream carried only the answers. */
export async function jsonWhenAnswerOnly(response: Response): Promise<Response> {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.body === null) return response;
  if (contentType.startsWith(JSON_TYPE)) return whole(response);
  if (!contentType.startsWith(SSE)) return response;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const answers: string[] = [];
  let raw = '';
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    raw += text;
    pending += text;
    let end: number;
    while ((end = pending.indexOf(EVENT_END)) !== -1) {
      const answer = answerIn(pending.slice(0, end));
      if (answer === null) return stillStreaming(response, raw, reader);
      answers.push(answer);
      pending = pending.slice(end + EVENT_END.length);
    }
  }
  if (answers.length === 0 || pending.trim() !== '') return stillStreaming(response, raw, null);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('cache-control');
  headers.delete('x-accel-buffering');
  const body = new TextEncoder().encode(
    answers.length === 1 ? answers[0] : `[${answers.join(',')}]`,
  );
  // A length, so the body goes out in one piece rather than chunked.
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, headers });
}

/**
 * A JSON body read to its end and sent with its length. The SDK streams it (chunked), so the
 * chunk that ends the body left in a second packet, for the client to wait and wake for again.
 */
async function whole(response: Response): Promise<Response> {
  if (response.headers.has('content-length')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, headers });
}

/** The JSON of an event that is a JSON-RPC response and nothing else, or null. */
function answerIn(event: string): string | null {
  if (!event.startsWith(MESSAGE_EVENT)) return null;
  const data = event.slice(MESSAGE_EVENT.length);
  if (data.includes('\n')) return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  const isResponse =
    typeof message === 'object' && message !== null && 'id' in message && !('method' in message);
  return isResponse ? data : null;
}

/** The SSE response again: the bytes already read, then whatever the stream still carries. */
function stillStreaming(
  response: Response,
  raw: string,
  reader: ReadableStreamDefaultReader<Uint8Array> | null,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(raw)),
    pull: async (controller) => {
      const next = reader === null ? { done: true as const } : await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
