/** What a copy-config generator gets and gives. */
export interface ClientContext {
  /** The live endpoint, such as http://127.0.0.1:27200/mcp. */
  url: string;
  /** The token's secret, sent as `Authorization: Bearer <secret>`. */
  secret: string;
  /** The key the client lists the server under (see serverNameFor). */
  serverName: string;
}

export interface Snippet {
  /** What the snippet is, in a few words ("Command", "~/.cursor/mcp.json"). */
  title: string;
  language: 'sh' | 'json' | 'yaml' | 'toml';
  text: string;
}

export interface ClientGenerator {
  id: string;
  name: string;
  /** The client's own documentation of the format, checked when the generator was written. */
  docs: string;
  /** One line on where the snippet goes. */
  where: string;
  snippets: (context: ClientContext) => Snippet[];
}

export function bearer(context: ClientContext): string {
  return `Bearer ${context.secret}`;
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
