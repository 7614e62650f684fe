import { describe, expect, test } from 'bun:test';
import { headerValue, protocolHeaders } from './protocol-headers.ts';

const envelope = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };

describe('protocolHeaders', () => {
  test('a 2026-07-28 request carries its version, method and the name it targets', () => {
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'list_tags', ...envelope },
    };
    expect(protocolHeaders(call, '2025-11-25')).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'list_tags',
    });
    const read = {
      jsonrpc: '2.0',
      id: 4,
      method: 'resources/read',
      params: { uri: 'ui://search', ...envelope },
    };
    expect(protocolHeaders(read, null)['mcp-name']).toBe('ui://search');
  });

  test('legacy messages carry the negotiated version once there is one, and nothing before', () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    expect(protocolHeaders(list, null)).toEqual({});
    expect(protocolHeaders(list, '2025-11-25')).toEqual({ 'mcp-protocol-version': '2025-11-25' });
    const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(protocolHeaders(initialized, '2025-06-18')).toEqual({
      'mcp-protocol-version': '2025-06-18',
    });
  });

  test('a name that is not plain ASCII travels base64-encoded as UTF-8', () => {
    expect(headerValue('get_vault_file')).toBe('get_vault_file');
    const encoded = headerValue('Café 日本');
    expect(encoded).toStartWith('=?base64?');
    expect(Buffer.from(encoded.slice(9, -2), 'base64').toString('utf8')).toBe('Café 日本');
    expect(headerValue(' padded')).toStartWith('=?base64?');
  });
});
