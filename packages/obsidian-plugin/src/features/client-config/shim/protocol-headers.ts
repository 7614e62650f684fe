/**
 * The HTTP headers a message needs, derived from the message itself as the SDK's streamable
 * HTTP client derives them: a request carrying a 2026-07-28 envelope (`_meta` protocol version)
 * gets MCP-Protocol-Version, Mcp-Method and, for the methods that name a target, Mcp-Name; on
 * the legacy line, every message after initialize carries the negotiated MCP-Protocol-Version.
 */
import { isRecord } from '@mcp-connector/shared/is-record';
const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Which `params` field Mcp-Name mirrors, per method (SEP-2243, SEP-2663). */
const NAME_SOURCE: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';

export function protocolHeaders(
  message: unknown,
  legacyVersion: string | null,
): Record<string, string> {
  const request = asRequest(message);
  const meta = request !== null && isRecord(request.params) ? request.params._meta : undefined;
  const envelopeVersion = isRecord(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  if (request !== null && typeof envelopeVersion === 'string') {
    const headers: Record<string, string> = {
      'mcp-protocol-version': envelopeVersion,
      'mcp-method': request.method,
    };
    const field = Object.hasOwn(NAME_SOURCE, request.method)
      ? NAME_SOURCE[request.method]
      : undefined;
    const name =
      field !== undefined && isRecord(request.params) ? request.params[field] : undefined;
    if (typeof name === 'string') headers['mcp-name'] = headerValue(name);
    return headers;
  }
  return legacyVersion === null ? {} : { 'mcp-protocol-version': legacyVersion };
}

/** A plain ASCII field value passes as is; anything else travels as `=?base64?…?=` of its UTF-8. */
export function headerValue(value: string): string {
  const plain =
    value !== '' &&
    value === value.trim() &&
    !(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX)) &&
    [...value].every((char) => char === '\t' || (char >= ' ' && char <= '~'));
  return plain
    ? value
    : `${BASE64_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${BASE64_SUFFIX}`;
}

interface RequestLike {
  method: string;
  params?: unknown;
}

function asRequest(message: unknown): RequestLike | null {
  if (!isRecord(message) || typeof message.method !== 'string' || !('id' in message)) return null;
  return message as unknown as RequestLike;
}
