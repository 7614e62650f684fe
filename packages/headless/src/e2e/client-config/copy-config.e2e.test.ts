/**
 * Every copy-config snippet, generated for a live headless server, parsed back as its client's
 * format (JSON, YAML, TOML, or a shell command split as a shell would), points at the live
 * endpoint with the right token: the URL and Authorization header each client would use are
 * read out of the parsed snippet and the official SDK client connects with exactly those.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  CLIENTS,
  MCP_REMOTE_VERSION,
  serverNameFor,
  type ClientContext,
  type Snippet,
} from '@mcp-connector/obsidian-plugin/client-config';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import {
  buildVault,
  httpTest,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

interface Target {
  url: string;
  authorization: string;
}

let t: McpTestServer;
let context: ClientContext;
beforeAll(async () => {
  t = await startTestServer(await buildVault({ 'Welcome.md': '# Welcome\n' }));
  const token = await addToken(t.settings, 'Copy config');
  // Over node-stdio there is no endpoint: the tests that connect are httpTest.
  context = {
    url: t.target === 'node-stdio' ? '' : t.url.href,
    secret: token.secret,
    serverName: serverNameFor('My Garden'),
  };
});
afterAll(() => t.stop());

type Parsed = Record<string, Record<string, Record<string, unknown>>>;

/** Splits a command line the way a POSIX shell would for these commands (quotes, no escapes). */
function shellWords(line: string): string[] {
  return [...line.trim().matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? (match[3] as string),
  );
}

function headerValue(words: string[]): string {
  const index = words.indexOf('--header');
  const header = words[index + 1] as string;
  expect(header.startsWith('Authorization: ')).toBe(true);
  return header.slice('Authorization: '.length);
}

function parse(snippet: Snippet): unknown {
  if (snippet.language === 'json') return JSON.parse(snippet.text);
  if (snippet.language === 'yaml') return parseYaml(snippet.text);
  if (snippet.language === 'toml') return parseToml(snippet.text);
  return shellWords(snippet.text);
}

/** What each client would connect to, read from its own format. */
const READERS: Record<string, (parsed: unknown, snippet: Snippet) => Target> = {
  'claude-code': (parsed, snippet) => {
    if (snippet.language === 'sh') {
      const words = parsed as string[];
      expect(words.slice(0, 5)).toEqual(['claude', 'mcp', 'add', '--transport', 'http']);
      const name = words.indexOf(context.serverName);
      return { url: words[name + 1] as string, authorization: headerValue(words) };
    }
    expect((parsed as Parsed).mcpServers?.[context.serverName]?.type).toBe('http');
    return fromServer((parsed as Parsed).mcpServers, 'url');
  },
  cursor: (parsed) => fromServer((parsed as Parsed).mcpServers, 'url'),
  vscode: (parsed) => {
    const servers = (parsed as Parsed).servers;
    expect(servers?.[context.serverName]?.type).toBe('http');
    expect(parsed).not.toHaveProperty('mcpServers');
    return fromServer(servers, 'url');
  },
  windsurf: (parsed) => fromServer((parsed as Parsed).mcpServers, 'serverUrl'),
  cline: (parsed) => {
    expect((parsed as Parsed).mcpServers?.[context.serverName]?.type).toBe('streamableHttp');
    return fromServer((parsed as Parsed).mcpServers, 'url');
  },
  continue: (parsed) => {
    const blocks = (parsed as { schema: string; mcpServers: Record<string, unknown>[] }).mcpServers;
    const server = blocks[0] as {
      name: string;
      type: string;
      url: string;
      requestOptions: { headers: Record<string, string> };
    };
    expect(server.name).toBe(context.serverName);
    expect(server.type).toBe('streamable-http');
    return {
      url: server.url,
      authorization: server.requestOptions.headers.Authorization as string,
    };
  },
  gemini: (parsed, snippet) => {
    if (snippet.language === 'sh') {
      const words = parsed as string[];
      expect(words.slice(0, 3)).toEqual(['gemini', 'mcp', 'add']);
      expect(words.at(-2)).toBe(context.serverName);
      return { url: words.at(-1) as string, authorization: headerValue(words) };
    }
    return fromServer((parsed as Parsed).mcpServers, 'httpUrl');
  },
  codex: (parsed) => {
    const server = (
      parsed as {
        mcp_servers: Record<string, { url: string; http_headers: Record<string, string> }>;
      }
    ).mcp_servers[context.serverName];
    return {
      url: server?.url as string,
      authorization: server?.http_headers.Authorization as string,
    };
  },
  zed: (parsed) => fromServer((parsed as Parsed).context_servers, 'url'),
  opencode: (parsed, snippet) => {
    const mcp = (parsed as Record<string, Record<string, Record<string, unknown>>>).mcp;
    // OpenCode 2 nests servers under mcp.servers; OpenCode 1 lists them directly under mcp.
    const servers = (snippet.title.includes('OpenCode 2') ? mcp?.servers : mcp) as Parsed[string];
    expect(servers?.[context.serverName]).toMatchObject({ type: 'remote', oauth: false });
    return fromServer(servers, 'url');
  },
  goose: (parsed) => {
    const extensions = (parsed as Parsed).extensions;
    expect(extensions?.[context.serverName]).toMatchObject({
      type: 'streamable_http',
      name: context.serverName,
      enabled: true,
    });
    return fromServer(extensions, 'uri');
  },
  jetbrains: (parsed) => throughMcpRemote(parsed),
  'lm-studio': (parsed) => fromServer((parsed as Parsed).mcpServers, 'url'),
  'mcp-remote': (parsed) => throughMcpRemote(parsed),
};

/** A stdio entry that runs mcp-remote: the URL and header it would send. */
function throughMcpRemote(parsed: unknown): Target {
  const server = (parsed as Parsed).mcpServers?.[context.serverName] as {
    command: string;
    args: string[];
    env: Record<string, string>;
  };
  expect(server.command).toBe('npx');
  expect(server.args.slice(0, 2)).toEqual(['-y', `mcp-remote@${MCP_REMOTE_VERSION}`]);
  expect(server.args.slice(-2)).toEqual(['--transport', 'http-only']);
  const header = server.args[server.args.indexOf('--header') + 1] as string;
  // The Windows-safe form: no space in the argument; the secret lives only in the env.
  expect(header).toBe('Authorization:${AUTH_HEADER}');
  expect(server.args.join(' ')).not.toContain(context.secret);
  const expanded = header.replace('${AUTH_HEADER}', server.env.AUTH_HEADER as string);
  return {
    url: server.args[2] as string,
    authorization: expanded.slice('Authorization:'.length),
  };
}

function fromServer(
  servers: Record<string, Record<string, unknown>> | undefined,
  urlKey: string,
): Target {
  const server = servers?.[context.serverName] as Record<string, unknown>;
  return {
    url: server[urlKey] as string,
    authorization: (server.headers as Record<string, string>).Authorization as string,
  };
}

async function connectsWith(target: Target): Promise<number> {
  const client = new Client({ name: 'copy-config', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(target.url), {
      requestInit: { headers: { Authorization: target.authorization } },
    }),
  );
  const count = (await client.listTools()).tools.length;
  await client.close();
  return count;
}

describe('copy-config snippets', () => {
  test('every client has a generator, each with its documentation page', () => {
    expect(CLIENTS.map((client) => client.id)).toEqual(Object.keys(READERS));
    for (const client of CLIENTS) expect(client.docs).toStartWith('https://');
  });

  httpTest.each(CLIENTS.map((client) => [client.id, client] as const))(
    '%s: parses back as its format and connects to the live endpoint with the right token',
    async (id, client) => {
      const snippets = client.snippets(context);
      expect(snippets.length).toBeGreaterThan(0);
      for (const snippet of snippets) {
        const target = (READERS[id] as (parsed: unknown, snippet: Snippet) => Target)(
          parse(snippet),
          snippet,
        );
        expect(target).toEqual({ url: t.url.href, authorization: `Bearer ${context.secret}` });
        expect(await connectsWith(target)).toBeGreaterThan(10);
      }
    },
  );
});
