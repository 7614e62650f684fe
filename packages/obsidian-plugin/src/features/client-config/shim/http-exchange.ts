/**
 * One POST of one message to the endpoint, read to its end: a JSON body (one message or an
 * array), an SSE stream (notifications such as tools/list_changed, then the response), 202 for
 * a notification, or a status the relay turns into a local failure. Bodies are never logged.
 */
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { PROOF_PATH, newChallenge, proofMatches } from '@mcp-connector/shared/server-proof';
import { SseParser } from './sse-parser.ts';

/**
 * node:http as Node's own object, not through an ES module import: on Node 22 the import reads
 * every export, and the lazy WebSocket one loads fetch's undici, 60 ms of CPU and 10 MiB in each
 * relay, which never fetches (ADR-0061). `getBuiltinModule` is Node 20.16+ and 22.3+.
 */
const { Agent, request } =
  process.getBuiltinModule?.('node:http') ??
  (createRequire(process.execPath)('node:http') as typeof import('node:http'));

export interface Endpoint {
  port: number;
  secret: string;
  /** The key live-server.json published: the server must prove it holds it (ADR-0042). */
  proofKey: string;
}

/** `late`: no answer in time, or the connection closed unanswered (a busy server); unproven. */
export type ProofOutcome = 'proven' | 'refused' | 'not_proven' | 'late';

const PROOF_TIMEOUT_MS = 5_000;

/**
 * Asks the listener on the endpoint's port to prove it is the server that published the key,
 * sending no secret: `refused` when nothing listens, `not_proven` for any other answer.
 */
export function proveServer(endpoint: Pick<Endpoint, 'port' | 'proofKey'>): Promise<ProofOutcome> {
  const challenge = newChallenge();
  return new Promise<ProofOutcome>((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        path: `${PROOF_PATH}?challenge=${challenge}`,
        method: 'GET',
        timeout: PROOF_TIMEOUT_MS,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length > 1024) response.destroy();
        });
        response.on('error', () => resolve('not_proven'));
        response.on('end', () => resolve(proven(endpoint, challenge, response.statusCode, text)));
      },
    );
    let late = false;
    outgoing.on('timeout', () => {
      late = true;
      outgoing.destroy();
    });
    // A connection closed unanswered (a busy server shedding connections) proved nothing either way.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve('refused');
      else resolve(late || error.code === 'ECONNRESET' ? 'late' : 'not_proven');
    });
    outgoing.end();
  });
}

function proven(
  endpoint: Pick<Endpoint, 'port' | 'proofKey'>,
  challenge: string,
  status: unknown,
  text: string,
) {
  if (status !== 200) return 'not_proven';
  try {
    const { proof } = JSON.parse(text) as { proof?: unknown };
    return proofMatches(endpoint.proofKey, challenge, endpoint.port, proof)
      ? 'proven'
      : 'not_proven';
  } catch {
    return 'not_proven';
  }
}

export type ExchangeOutcome =
  | { kind: 'done' }
  | { kind: 'refused' }
  | { kind: 'unauthorized' }
  | { kind: 'http_error'; status: number; body: string }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export interface ExchangeOptions {
  headers: Record<string, string>;
  /** Epoch milliseconds after which the exchange is abandoned, or null (listen streams). */
  deadlineAt: number | null;
  signal: AbortSignal;
  onMessage: (message: unknown) => void;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const MCP_PATH = '/mcp';

export function exchange(endpoint: Endpoint, body: string, options: ExchangeOptions) {
  return new Promise<ExchangeOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: ExchangeOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        path: MCP_PATH,
        method: 'POST',
        agent,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${endpoint.secret}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        readResponse(response, options.onMessage).then(finish, (error: Error) =>
          finish({ kind: 'unreadable', detail: error.message }),
        );
      },
    );
    const onAbort = () => {
      outgoing.destroy();
      finish({ kind: 'aborted' });
    };
    const remaining = options.deadlineAt === null ? null : options.deadlineAt - Date.now();
    const timer =
      remaining === null
        ? undefined
        : setTimeout(
            () => {
              outgoing.destroy();
              finish({ kind: 'timeout' });
            },
            Math.max(0, remaining),
          );
    options.signal.addEventListener('abort', onAbort);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET';
      finish(refused ? { kind: 'refused' } : { kind: 'unreadable', detail: error.code ?? 'error' });
    });
    outgoing.end(body);
  });
}

async function readResponse(
  response: IncomingMessage,
  onMessage: (message: unknown) => void,
): Promise<ExchangeOutcome> {
  const status = response.statusCode ?? 0;
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  response.setEncoding('utf8');
  if (status === 401) {
    response.resume();
    return { kind: 'unauthorized' };
  }
  if (status >= 200 && status < 300 && type.startsWith('text/event-stream')) {
    const parser = new SseParser();
    for await (const chunk of response) deliverEvents(parser.push(chunk as string), onMessage);
    deliverEvents(parser.end(), onMessage);
    return { kind: 'done' };
  }
  let text = '';
  for await (const chunk of response) text += chunk as string;
  if (status === 202 || (status >= 200 && status < 300 && text.trim() === ''))
    return { kind: 'done' };
  if (status >= 200 && status < 300) {
    for (const message of messagesIn(JSON.parse(text))) onMessage(message);
    return { kind: 'done' };
  }
  return { kind: 'http_error', status, body: text };
}

function deliverEvents(
  events: { event: string; data: string }[],
  onMessage: (message: unknown) => void,
): void {
  for (const event of events) {
    // Priming events (an id, no data) and non-message events carry nothing to relay.
    if (event.event !== 'message' || event.data.trim() === '') continue;
    for (const message of messagesIn(JSON.parse(event.data))) onMessage(message);
  }
}

function messagesIn(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
