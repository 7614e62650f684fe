/**
 * Several tokens against one running server: each sees its own tool list (profile, allowlist,
 * read-only), a read-only token cannot write by any path, activation and adaptive promotion
 * notify the caller and every listening 2026-07-28 client, and regenerate/revoke apply to the
 * next request while a request in flight still finishes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { addToken, regenerateToken, revokeToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { IssuedToken } from '@mcp-connector/shared';
import { waitFor } from '@mcp-connector/shared/test-support';
import {
  E2E_TARGET,
  callFail,
  callOk,
  httpTest,
  oneServerTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';

let t: McpTestServer;
let tokens: Record<'core' | 'adaptive' | 'allow' | 'reader' | 'meta', IssuedToken>;
beforeAll(async () => {
  t = await startTestServer();
  const settings = t.settings;
  tokens = {
    core: await addToken(settings, 'chat', { profile: 'core' }),
    adaptive: await addToken(settings, 'adaptive', { profile: 'adaptive' }),
    allow: await addToken(settings, 'allow', { allowlist: ['get_vault_file', 'list_tags'] }),
    reader: await addToken(settings, 'reader', { readOnly: true }),
    meta: await addToken(settings, 'meta only', { allowlist: [] }),
  };
});
afterAll(() => t.stop());

/**
 * Over stdio a 2026-07-28 caller is told on its listen stream, not on its response (the SDK's
 * stdio entry sends change notifications to listen streams only): there the test of the caller's
 * own response runs on the legacy line only.
 */
const ACTIVATION_LINES =
  E2E_TARGET === 'node-stdio' ? (['legacy'] as const) : (['legacy', 'modern'] as const);

async function names(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

function listChangedCounter(client: Client): () => number {
  let count = 0;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    count++;
  });
  return () => count;
}

describe('one server, many tokens', () => {
  test('each token sees its own list', async () => {
    const all = await names(await t.connect('legacy'));
    const core = await names(await t.connect('legacy', tokens.core.secret));
    const allow = await names(await t.connect('modern', tokens.allow.secret));
    const meta = await names(await t.connect('modern', tokens.meta.secret));
    expect(all.length).toBeGreaterThan(45);
    expect(core).toContain('get_or_create_daily_note');
    expect(core).not.toContain('get_backlinks');
    expect(core.length).toBe(16);
    expect(allow).toEqual([
      'tool_catalog',
      'activate_tool',
      'activate_tools',
      'get_vault_file',
      'list_tags',
    ]);
    expect(meta).toEqual(['tool_catalog', 'activate_tool', 'activate_tools']);
  });

  test('an inactive tool answers with the way to activate it, and a tool outside the allowlist cannot be reached at all', async () => {
    const core = await t.connect('legacy', tokens.core.secret);
    const inactive = await callFail(core, 'get_backlinks', { path: 'Home.md' });
    expect(inactive.code).toBe('tool_inactive');
    expect(inactive.message).toContain('activate_tool');
    const allow = await t.connect('legacy', tokens.allow.secret);
    expect((await callFail(allow, 'get_backlinks', { path: 'Home.md' })).code).toBe(
      'tool_not_allowed',
    );
    const refused = await callOk(allow, 'activate_tool', { name: 'get_backlinks' });
    expect(refused.refused).toEqual([
      { name: 'get_backlinks', reason: "it is not on this client's allowlist" },
    ]);
    expect(await names(allow)).not.toContain('get_backlinks');
  });

  test('a read-only token cannot write by any path', async () => {
    const reader = await t.connect('modern', tokens.reader.secret);
    const before = await snapshotVault(t.vault.root);
    const listed = (await reader.listTools()).tools;
    expect(
      listed.every(
        (tool) => tool.annotations?.readOnlyHint === true || tool.name.startsWith('activate_tool'),
      ),
    ).toBe(true);
    const writers = (await (await t.connect('modern')).listTools()).tools.filter(
      (tool) => tool.annotations?.readOnlyHint !== true,
    );
    expect(writers.length).toBeGreaterThan(20);
    for (const tool of writers) {
      if (tool.name.startsWith('activate_tool')) continue;
      expect({
        tool: tool.name,
        code: (await callFail(reader, tool.name, { path: 'Home.md', content: 'x' })).code,
      }).toEqual({ tool: tool.name, code: 'tool_not_allowed' });
    }
    const activation = await callOk(reader, 'activate_tools', {
      names: writers.map((tool) => tool.name),
      persist: true,
    });
    expect(activation.activated).toEqual([]);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });

  test('activation notifies the caller on its own response, on both lines, and widens its list', async () => {
    for (const line of ACTIVATION_LINES) {
      const core = await t.connect(line, tokens.core.secret);
      const notified = listChangedCounter(core);
      const tool = line === 'legacy' ? 'get_recent_files' : 'get_note_outline';
      const result = await callOk(core, 'activate_tool', { name: tool });
      expect(result.activated).toEqual([tool]);
      expect(notified()).toBe(1);
      // A later change is told too, though the list was not fetched in between.
      const next = line === 'legacy' ? 'find_broken_links' : 'get_vault_overview';
      await callOk(core, 'activate_tool', { name: next });
      expect(notified()).toBe(2);
      const listed = await names(core);
      expect([tool, next].filter((name) => !listed.includes(name))).toEqual([]);
      await callOk(core, tool, tool === 'get_note_outline' ? { path: 'Home.md' } : {});
    }
  });

  test('a 2026-07-28 caller listening hears its own activation on its listen stream', async () => {
    const caller = await t.connect('modern', tokens.core.secret);
    const heard = listChangedCounter(caller);
    const subscription = await caller.listen({ toolsListChanged: true });
    try {
      const result = await callOk(caller, 'activate_tool', { name: 'find_orphaned_notes' });
      expect(result.activated).toEqual(['find_orphaned_notes']);
      await waitFor(() => heard() >= 1, "list_changed on the caller's listen stream");
      expect(await names(caller)).toContain('find_orphaned_notes');
    } finally {
      await subscription.close();
    }
  });

  oneServerTest(
    'adaptive promotion after three calls reaches the other clients listening on 2026-07-28',
    async () => {
      const listener = await t.connect('modern', tokens.adaptive.secret);
      const heard = listChangedCounter(listener);
      const subscription = await listener.listen({ toolsListChanged: true });
      try {
        const caller = await t.connect('modern', tokens.adaptive.secret);
        expect(await names(listener)).not.toContain('get_outgoing_links');
        await callOk(caller, 'activate_tool', { name: 'get_outgoing_links' });
        for (let call = 0; call < 3; call++)
          await callOk(caller, 'get_outgoing_links', { path: 'Home.md' });
        // One notification for the activation, one for the promotion.
        await waitFor(() => heard() >= 2, 'both list_changed notifications on the listen stream');
        expect(await names(listener)).toContain('get_outgoing_links');
        // Kept on this device, not in data.json (ADR-0033); the server may be another process.
        expect(t.settings.usage.current.promoted).toContain('get_outgoing_links');
      } finally {
        await subscription.close();
      }
    },
  );

  // Over stdio a client is launched with a token id, not a secret: stdio.e2e.test.ts covers revoking.
  httpTest(
    'regenerate and revoke apply to the next request while a request in flight finishes',
    async () => {
      const token = await addToken(t.settings, 'short-lived', {});
      const client = await t.connect('modern', token.secret);
      // A listen stream is a request that stays in flight until closed.
      const inFlight = await client.listen({ toolsListChanged: true });
      let ended: string | null = null;
      void inFlight.closed.then((how) => (ended = how));
      const fresh = await regenerateToken(t.settings, token.id);
      expect(
        await client.callTool({ name: 'get_server_info', arguments: {} }).then(
          () => 'accepted',
          () => 'refused',
        ),
      ).toBe('refused');
      expect(ended).toBeNull();
      const renewed = await t.connect('legacy', fresh.secret);
      expect((await callOk(renewed, 'get_server_info')).vault).toBe('vault');
      await revokeToken(t.settings, token.id);
      expect(
        await renewed.callTool({ name: 'get_server_info', arguments: {} }).then(
          () => 'accepted',
          () => 'refused',
        ),
      ).toBe('refused');
      expect(ended).toBeNull();
      await inFlight.close();
      expect(await inFlight.closed).toBe('local');
    },
  );
});
