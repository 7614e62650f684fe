/**
 * What a token row's "Copy config" offers: one entry per client, each building the text a user
 * pastes into that client from the endpoint, the server's name and the token. This issue ships
 * the Claude Code command (also behind the palette command); per-client generators and the .mcpb
 * are added to CLIENT_CONFIGS by the client-config feature. Pure: components use it too.
 */
export interface ClientConfigInput {
  url: string;
  serverName: string;
  secret: string;
}

export interface ClientConfig {
  id: string;
  /** Shown in the menu, e.g. "Claude Code command". */
  label: string;
  build(input: ClientConfigInput): string;
}

export function claudeCodeCommand({ url, serverName, secret }: ClientConfigInput): string {
  return `claude mcp add --transport http ${serverName} ${url} --header "Authorization: Bearer ${secret}"`;
}

export const CLIENT_CONFIGS: readonly ClientConfig[] = [
  { id: 'claude-code', label: 'Claude Code command', build: claudeCodeCommand },
];
