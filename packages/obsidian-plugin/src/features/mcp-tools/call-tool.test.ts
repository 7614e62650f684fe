import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultHost } from '../../host/vault-host.ts';
import { callTool, keptAnswer } from './call-tool.ts';
import { successResult } from './tool-output.ts';
import { READ_ONLY, defineTool } from './define-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { contextFor } from './test-support/run-tool.ts';

const context: ToolContext = contextFor({ vaultName: 'Test', kind: 'headless' } as VaultHost);

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Echo',
  input: () => type({ text: 'string', 'times?': '1 <= number.integer <= 3' }),
  annotations: READ_ONLY,
  handler: async ({ text, times }) => {
    if (text === 'fail') throw new ToolError('not_found', 'No such thing.', { text });
    if (text === 'crash') throw new TypeError('boom');
    return { text: text.repeat(times ?? 1) };
  },
});

function failureOf(result: { structuredContent?: unknown }): { code: string; message: string } {
  return result.structuredContent as { code: string; message: string };
}

describe('callTool', () => {
  test('returns the handler output as structured content and as the same JSON text', async () => {
    const result = await callTool(echo, { text: 'ab', times: 2 }, context);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ text: 'abab' });
    expect(result.content).toEqual([{ type: 'text', text: '{"text":"abab"}' }]);
  });

  test('an unknown argument is rejected by name, listing the accepted ones', async () => {
    const result = await callTool(echo, { text: 'a', txet: 'b' }, context);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'invalid_arguments' });
    expect(failureOf(result).message).toContain('unknown argument "txet" (accepted: text, times)');
  });

  test.each([
    [{}, 'text must be a string (was missing)'],
    [{ text: 3 }, 'text must be a string (was a number)'],
    [{ text: 'a', times: 9 }, 'times must be at most 3'],
    [null, 'text must be a string (was missing)'],
    ['text', 'must be an object'],
  ])('wrong arguments %p fail with invalid_arguments naming the problem', async (args, message) => {
    const result = await callTool(echo, args, context);
    expect(result.isError).toBe(true);
    expect(failureOf(result).code).toBe('invalid_arguments');
    expect(failureOf(result).message).toContain(message);
  });

  test('a ToolError becomes {code, message, details}', async () => {
    const result = await callTool(echo, { text: 'fail' }, context);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      code: 'not_found',
      message: 'No such thing.',
      details: { text: 'fail' },
    });
  });

  test('an unexpected exception becomes internal_error and never escapes', async () => {
    const result = await callTool(echo, { text: 'crash' }, context);
    expect(result.structuredContent).toEqual({
      code: 'internal_error',
      message: 'Unexpected error: boom',
    });
  });

  test('the JSON schema is closed and carries no $schema noise', () => {
    expect(echo.inputJsonSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, times: { type: 'integer', minimum: 1, maximum: 3 } },
      required: ['text'],
      additionalProperties: false,
    });
  });
});

describe('tools whose effects the hidden-folders guard cannot filter', () => {
  const risky = defineTool({
    name: 'risky',
    title: 'Risky',
    description: 'Risky',
    input: () => type({ mode: "'safe' | 'wide'" }),
    annotations: READ_ONLY,
    unfilterable: ({ mode }) => mode === 'wide',
    handler: async ({ mode }) => ({ ran: mode }),
  });

  test('are refused while folders are hidden, for the arguments that reach past the guard', async () => {
    const hidden = contextFor(
      { vaultName: 'Test', kind: 'headless' } as VaultHost,
      {},
      { hiddenFoldersActive: true },
    );
    expect((await callTool(risky, { mode: 'wide' }, hidden)).structuredContent).toMatchObject({
      code: 'hidden_folders_active',
    });
    expect((await callTool(risky, { mode: 'safe' }, hidden)).structuredContent).toEqual({
      ran: 'safe',
    });
    expect((await callTool(risky, { mode: 'wide' }, context)).structuredContent).toEqual({
      ran: 'wide',
    });
  });
});

describe('what an idempotency key keeps of an answer', () => {
  test('a short answer whole; a long one as its digest and a note', () => {
    const short = successResult({ path: 'a.md', revision: '0123456789abcdef' });
    expect(keptAnswer(short)).toBe(short);
    const long = successResult({ path: 'a.md', content: 'x'.repeat(10_000) });
    const kept = keptAnswer(long) as { structuredContent: Record<string, unknown> };
    expect(kept.structuredContent).toMatchObject({
      replayed: true,
      answerBytes: JSON.stringify(long).length,
    });
    expect(JSON.stringify(kept).length).toBeLessThan(1000);
  });
});
