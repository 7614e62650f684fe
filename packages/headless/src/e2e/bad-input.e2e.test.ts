/**
 * Bad input, for every tool the server lists (exactly the registry's tools): wrong types, unknown
 * keys, traversal paths in every path argument the schemas declare, at any depth
 * (../, absolute, URL-encoded, NUL, backslashes, the config folder, a drive letter; see
 * test-support/tool-schemas.ts for how path arguments are found) and oversized bodies. Each gets
 * a clear error, the server keeps serving, and the vault and the folder around it are
 * byte-for-byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  httpTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';
import {
  argumentsWith,
  describePath,
  pathArguments,
  registryToolNames,
  requiredArgs,
  type JsonSchema,
  type ListedTool,
} from '../test-support/tool-schemas.ts';

const TRAVERSALS = [
  '../outside.md',
  '/etc/passwd',
  '%2e%2e/outside.md',
  'a\u0000b.md',
  'Notes\\..\\..\\outside.md',
  '.obsidian/app.json',
  'C:/Windows/win.ini',
  '..',
];

let t: McpTestServer;
let client: Client;
let tools: ListedTool[];
let vaultBefore: Record<string, string>;
let aroundBefore: string[];
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('legacy');
  tools = (await client.listTools()).tools as unknown as ListedTool[];
  vaultBefore = await snapshotVault(t.vault.root);
  aroundBefore = await readdir(dirname(t.vault.root));
});
afterAll(() => t.stop());

/** A value of a JSON type the schema does not allow. */
function wrongValue(schema: JsonSchema): unknown {
  if (schema.enum !== undefined) return 42;
  const allowed = new Set([schema.type ?? []].flat());
  if (allowed.size === 0) return { not: { a: 'scalar' } };
  const candidates = [4.5, 'text', true, ['x'], { an: 'object' }, null];
  return candidates.find((value) => !fits(value, allowed));
}

function fits(value: unknown, allowed: ReadonlySet<string>): boolean {
  if (value === null) return allowed.has('null');
  if (Array.isArray(value)) return allowed.has('array');
  if (typeof value === 'number')
    return allowed.has('number') || (Number.isInteger(value) && allowed.has('integer'));
  return allowed.has(typeof value);
}

async function failureOf(
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: string; message: string }> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name}(${JSON.stringify(args)}) succeeded`);
  return result.structuredContent as { code: string; message: string };
}

describe('bad input to every tool', () => {
  test('the server lists exactly the registry: a new tool is swept or this fails', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(registryToolNames());
  });

  test('the sweep finds every path argument, nested ones included', () => {
    const found = Object.fromEntries(
      tools.map((tool) => [tool.name, pathArguments(tool).map(describePath)]),
    );
    expect(found).toMatchObject({
      find_broken_links: ['exclude_folders[]', 'scope'],
      find_orphaned_notes: ['exclude_folders[]'],
      search_and_replace: ['scope'],
      search_vault_smart: ['filter.excludeFolders[]', 'filter.includeFolders[]'],
      get_vault_files: ['paths[]'],
      rename_vault_file: ['from', 'to'],
      rename_heading: ['path'],
      add_canvas_node: ['path', 'file'],
      edit_vault_files: ['operations[].path'],
      list_changes: ['path'],
      get_note_history: ['path'],
      restore_note_version: ['path'],
      save_note_version: ['path'],
      get_note_version: ['path'],
      list_tasks: ['scope'],
      set_task_status: ['path'],
      update_note_tags: ['path'],
      rename_tag: [],
      compare_note_versions: ['path'],
      undo_change: [],
    });
  });

  test('an unknown argument is refused by name', async () => {
    for (const tool of tools) {
      const failure = await failureOf(tool.name, { ...requiredArgs(tool), notAnArgument: 1 });
      expect({ tool: tool.name, code: failure.code }).toEqual({
        tool: tool.name,
        code: 'invalid_arguments',
      });
      expect(failure.message).toContain('notAnArgument');
    }
  });

  test('a wrong type in any argument is refused', async () => {
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        const failure = await failureOf(tool.name, {
          ...requiredArgs(tool),
          [name]: wrongValue(schema),
        });
        expect({ tool: tool.name, name, code: failure.code }).toEqual({
          tool: tool.name,
          name,
          code: 'invalid_arguments',
        });
      }
    }
  });

  test('a traversal in any path argument is refused', async () => {
    for (const tool of tools) {
      for (const at of pathArguments(tool)) {
        for (const traversal of TRAVERSALS) {
          const result = await client.callTool({
            name: tool.name,
            arguments: argumentsWith(tool, at, traversal),
          });
          const text = JSON.stringify(result.structuredContent);
          const refused =
            result.isError === true
              ? (result.structuredContent as { code: string }).code
              : (text.match(/"code":"(\w+)"/)?.[1] ?? 'accepted');
          const name = describePath(at);
          expect({ tool: tool.name, name, traversal, refused }).toEqual({
            tool: tool.name,
            name,
            traversal,
            refused: 'invalid_path',
          });
        }
      }
    }
  });

  httpTest('an oversized body is refused (HTTP 413) and the server keeps serving', async () => {
    const huge = 'x'.repeat(1024 * 1024 + 1);
    const tool = tools.find((candidate) => candidate.name === 'create_vault_file') ?? tools[0];
    const attempt = client.callTool({
      name: tool?.name ?? 'get_server_info',
      arguments: { path: 'big.md', content: huge },
    });
    expect(
      (await attempt.then(
        () => null,
        (error: unknown) => String(error),
      )) ?? '',
    ).toContain('Payload too large');
    const info = await client.callTool({ name: 'get_server_info', arguments: {} });
    expect(info.isError).toBeFalsy();
  });

  test('the vault and the folder around it are byte-for-byte unchanged', async () => {
    expect(await snapshotVault(t.vault.root)).toEqual(vaultBefore);
    expect(await readdir(dirname(t.vault.root))).toEqual(aroundBefore);
  });
});
