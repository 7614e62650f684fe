/**
 * Bad input, for every tool the server lists: wrong types, unknown keys, traversal paths in every
 * path-like argument (../, absolute, URL-encoded, NUL, backslashes, the config folder) and
 * oversized bodies. Each gets a clear error, the server keeps serving, and the vault and the
 * folder around it are byte-for-byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { snapshotVault, startTestServer, type McpTestServer } from '../test-support/index.ts';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
}

const PATH_ARGUMENTS = new Set([
  'path',
  'filename',
  'from',
  'to',
  'directory',
  'folder',
  'templatePath',
  'targetPath',
  'sourcePath',
  'file',
  'paths',
]);
/** Arguments named like paths that are not paths (rename_heading's `to` is heading text). */
const NOT_PATHS: Record<string, string[]> = { rename_heading: ['from', 'to'] };
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

function benign(schema: JsonSchema): unknown {
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return false;
  if (schema.type === 'array') return [benign(schema.items ?? { type: 'string' })];
  if (schema.type === 'object') return requiredOf(schema);
  return 'x';
}

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

function requiredOf(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties ?? {};
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, benign(properties[name] ?? {})]),
  );
}

function requiredArgs(tool: ListedTool): Record<string, unknown> {
  return requiredOf(tool.inputSchema);
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
  test('the server lists tools to test', () => {
    expect(tools.length).toBeGreaterThanOrEqual(3);
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
      const notPaths = NOT_PATHS[tool.name] ?? [];
      for (const name of Object.keys(tool.inputSchema.properties ?? {}).filter(
        (key) => PATH_ARGUMENTS.has(key) && !notPaths.includes(key),
      )) {
        for (const traversal of TRAVERSALS) {
          const value = name === 'paths' ? [traversal] : traversal;
          const result = await client.callTool({
            name: tool.name,
            arguments: { ...requiredArgs(tool), [name]: value },
          });
          const text = JSON.stringify(result.structuredContent);
          const refused =
            result.isError === true
              ? (result.structuredContent as { code: string }).code
              : (text.match(/"code":"(\w+)"/)?.[1] ?? 'accepted');
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

  test('an oversized body is refused (HTTP 413) and the server keeps serving', async () => {
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
