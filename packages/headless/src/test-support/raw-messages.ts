/** JSON-RPC messages for tests that speak the wire format themselves (raw HTTP, raw stdio). */

/** A legacy-line `initialize` (2025-11-25), the opening of a raw exchange. */
export const LEGACY_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};
