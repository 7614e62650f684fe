/**
 * The SDK's stateless legacy leg answers every POST as an SSE stream, even when the stream will
 * carry nothing but the answer; a client then runs an event-stream parser for what could be one
 * JSON body. The Streamable HTTP transport allows JSON for any POST, so a legacy request's answer
 * goes out as one `application/json` body with its length when nothing came before it; as soon
 * as anything else is sent first (a progress or list_changed notification, a request to the
 * client), the response stays the SDK's event stream. This is the 2026-07-28 line's `auto`
 * response mode, applied to the legacy line (ADR-0019).
 *
 * The answer is taken from the request's server before the SDK's transport writes it (ADR-0057):
 * writing it as an event and then reading, decoding, parsing and re-encoding that event cost the
 * legacy line about a fifth more server CPU per call than the 2026-07-28 line. The server's
 * transport hands a lone answer over to this request's `Exchange`; the response then cancels the
 * SDK's stream (the SDK's own teardown, as when a client goes away) and sends the answer as JSON.
 * A batch (2025-03-26 only) is not taken: its answers go out as the SDK's event stream.
 */
import type {
  JSONRPCMessage,
  McpRequestContext,
  Server,
  Transport,
} from '@modelcontextprotocol/server';

const SSE = 'text/event-stream';
const JSON_TYPE = 'application/json';

/**
 * One legacy request's answer: the message, when its server hands it over before sending anything
 * else; null as soon as the server sent something else first (the SDK then writes it all).
 */
class Exchange {
  readonly answer: Promise<JSONRPCMessage | null>;
  /** Whether a server of this request hands its answer here (only a legacy request's does). */
  claimed = false;
  private settle!: (answer: JSONRPCMessage | null) => void;
  private sentBefore = false;

  constructor() {
    this.answer = new Promise((resolve) => (this.settle = resolve));
  }

  /** Whether `message` was taken here: the answer, with nothing sent on the stream before it. */
  take(message: JSONRPCMessage): boolean {
    if (this.sentBefore || !isAnswer(message)) {
      this.sentBefore = true;
      this.settle(null);
      return false;
    }
    this.settle(message);
    return true;
  }
}

/** Answers of legacy requests, handed from each request's server to its response. */
export class LegacyAnswers {
  private readonly exchanges = new WeakMap<Request, Exchange>();

  /**
   * The server for one request: a legacy one hands its answer to the request's exchange. The SDK
   * gives the factory the request it was handed (`requestInfo`); any other gets no exchange and
   * answers as the SDK writes it.
   */
  serverFor(server: Server, context: McpRequestContext): Server {
    const exchange =
      context.era === 'legacy' && context.requestInfo !== undefined
        ? this.exchanges.get(context.requestInfo)
        : undefined;
    if (exchange === undefined) return server;
    exchange.claimed = true;
    return handingOver(server, exchange);
  }

  /** The SDK handler's response to `request`, a lone legacy answer sent as JSON. */
  async respond(
    request: Request,
    parsedBody: unknown,
    answer: () => Promise<Response>,
  ): Promise<Response> {
    const exchange = isOneRequest(parsedBody) ? new Exchange() : null;
    if (exchange !== null) this.exchanges.set(request, exchange);
    const response = await answer();
    return framed(response, exchange?.claimed === true ? exchange.answer : null);
  }
}

/** `server`, whose transport gives `exchange` the answer instead of writing it as an event. */
function handingOver(server: Server, exchange: Exchange): Server {
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport) => {
    const send = transport.send.bind(transport);
    transport.send = async (message, options) => {
      if (!exchange.take(message)) await send(message, options);
    };
    await connect(transport);
  };
  return server;
}

/**
 * The response to send: JSON when the exchange got the answer before the stream carried anything
 * (a keep-alive comment is the only thing it can have carried then, and a JSON body needs none);
 * otherwise the stream as it comes, the exchange's answer, if it gets one, as its last event.
 * `answer` is null where no server hands its answer over (a 2026-07-28 request, a batch).
 */
export async function framed(
  response: Response,
  answer: Promise<JSONRPCMessage | null> | null,
): Promise<Response> {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.body === null) return response;
  if (contentType.startsWith(JSON_TYPE)) return whole(response);
  if (!contentType.startsWith(SSE) || answer === null) return response;
  const reads: Reads = { reader: response.body.getReader(), pending: null };
  const first = await nextOf(reads, answer);
  if (!('answer' in first)) {
    reads.pending = Promise.resolve(first);
    return streamed(response, reads, answer);
  }
  if (first.answer === null) return streamed(response, reads, null);
  void reads.reader.cancel().catch(() => undefined);
  return asJson(first.answer, response);
}

type Read = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
type Next = Read | { answer: JSONRPCMessage | null };

/** The SDK's stream and the read of it under way, if any. */
interface Reads {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  pending: Promise<Read> | null;
}

/**
 * The stream's next read, or the answer if it settles first. A read that loses to the answer is
 * kept for the next call: its chunk is the stream's, never dropped.
 */
async function nextOf(reads: Reads, answer: Promise<JSONRPCMessage | null> | null): Promise<Next> {
  const read = (reads.pending ??= reads.reader.read());
  const next =
    answer === null
      ? await read
      : await Promise.race([answer.then((message) => ({ answer: message })), read]);
  if (!('answer' in next)) reads.pending = null;
  return next;
}

function asJson(answer: JSONRPCMessage, response: Response): Response {
  const body = new TextEncoder().encode(JSON.stringify(answer));
  const headers = new Headers(response.headers);
  headers.set('content-type', JSON_TYPE);
  headers.delete('cache-control');
  headers.delete('x-accel-buffering');
  // A length, so the body goes out in one piece rather than chunked.
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, headers });
}

/** The SDK's event stream as it comes, ending with the exchange's answer if it gets one. */
function streamed(
  response: Response,
  reads: Reads,
  answer: Promise<JSONRPCMessage | null> | null,
): Response {
  let waitingFor = answer;
  const body = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      let next = await nextOf(reads, waitingFor);
      while ('answer' in next && next.answer === null) {
        waitingFor = null; // the SDK writes the answer itself: read on
        next = await nextOf(reads, null);
      }
      if ('answer' in next) {
        if (next.answer !== null)
          controller.enqueue(new TextEncoder().encode(messageEvent(next.answer)));
        void reads.reader.cancel().catch(() => undefined);
        controller.close();
      } else if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reads.reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** The event the SDK's transport would have written for `message`. */
function messageEvent(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
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

/** A JSON-RPC response (a result or an error), not a request or a notification. */
function isAnswer(message: JSONRPCMessage): boolean {
  return 'id' in message && !('method' in message);
}

/** One JSON-RPC request (not a batch, not a notification): the only kind whose answer is taken. */
function isOneRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'method' in body && 'id' in body;
}
