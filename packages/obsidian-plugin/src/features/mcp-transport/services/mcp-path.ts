/** The one path MCP is served on; the OAuth probes (oauth-probes.ts) are named after it. */
export const MCP_PATH = '/mcp';
