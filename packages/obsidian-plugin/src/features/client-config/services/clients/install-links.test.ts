import { describe, expect, test } from 'bun:test';
import { clientSnippets } from './client-list.ts';
import type { ClientContext } from './client-snippet.ts';
import {
  cursorInstallLink,
  installLinks,
  lmStudioInstallLink,
  vscodeInstallLink,
} from './install-links.ts';

const CONTEXTS: ClientContext[] = [
  { url: 'http://127.0.0.1:27200/mcp', secret: 'mcp_abc+/=?&#', serverName: 'obsidian-notes' },
  { url: 'http://127.0.0.1:27205/mcp', secret: 'Café 🌿 "quoted"', serverName: 'My_vault-2' },
];

/** The server entry of a client's mcp.json snippet, parsed back. */
function snippetEntry(client: 'cursor' | 'vscode' | 'lm-studio', context: ClientContext): unknown {
  const [snippet] = clientSnippets(client, context);
  const parsed = JSON.parse(snippet?.text ?? '') as Record<string, Record<string, unknown>>;
  return (client === 'vscode' ? parsed.servers : parsed.mcpServers)?.[context.serverName];
}

/** `name` and the base64 `config` of a Cursor-style link, decoded. */
function nameAndConfig(url: URL): { name: string | null; entry: unknown } {
  const bytes = Uint8Array.from(atob(url.searchParams.get('config') ?? ''), (char) =>
    char.charCodeAt(0),
  );
  return {
    name: url.searchParams.get('name'),
    entry: JSON.parse(new TextDecoder().decode(bytes)),
  };
}

describe('install links decode to the config the copy-config snippet holds', () => {
  test.each(CONTEXTS)('Cursor, %#', (context) => {
    const link = new URL(cursorInstallLink(context));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe(
      'cursor://anysphere.cursor-deeplink/mcp/install',
    );
    expect(nameAndConfig(link)).toEqual({
      name: context.serverName,
      entry: snippetEntry('cursor', context),
    });
  });

  test.each(CONTEXTS)('LM Studio, %#', (context) => {
    const link = new URL(lmStudioInstallLink(context));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('lmstudio://add_mcp');
    expect(nameAndConfig(link)).toEqual({
      name: context.serverName,
      entry: snippetEntry('lm-studio', context),
    });
  });

  test.each(CONTEXTS)('VS Code, %#', (context) => {
    const url = vscodeInstallLink(context);
    const prefix = 'vscode:mcp/install?';
    expect(url.startsWith(prefix)).toBe(true);
    const { name, ...entry } = JSON.parse(decodeURIComponent(url.slice(prefix.length))) as {
      name: string;
    };
    expect(name).toBe(context.serverName);
    expect(entry).toEqual(snippetEntry('vscode', context) as object);
    // One URL: nothing in the query a URL parser would split or cut.
    expect(url.slice(prefix.length)).not.toMatch(/[&#?\s"{}]/);
  });

  test('a link per client that registers a handler, labelled for its button', () => {
    expect(installLinks(CONTEXTS[0] as ClientContext).map((link) => link.label)).toEqual([
      'Add to Cursor',
      'Add to VS Code',
      'Add to LM Studio',
    ]);
  });
});
