import { describe, expect, test } from 'bun:test';
import { type } from 'arktype';
import {
  ADDITIVE,
  DESTRUCTIVE,
  OVERWRITE,
  READ_ONLY,
  defineTool,
  type ToolHints,
} from './define-tool.ts';
import { compactSchema, toolListing } from './tool-listing.ts';

describe('toolListing', () => {
  test('a read-only tool lists only the hints the MCP spec gives meaning to', () => {
    const tool = defineTool({
      name: 'r',
      title: 'R',
      description: 'R',
      input: () => type({}),
      annotations: READ_ONLY,
      handler: async () => ({}),
    });
    expect(toolListing(tool).annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  test('a long tool says it runs as a task when asked; others say nothing', () => {
    const spec = {
      name: 'l',
      title: 'L',
      description: 'L',
      input: () => type({}),
      annotations: DESTRUCTIVE,
      handler: async () => ({}),
    };
    expect(toolListing(defineTool({ ...spec, long: true })).execution).toEqual({
      taskSupport: 'optional',
    });
    expect('execution' in toolListing(defineTool(spec))).toBe(false);
  });

  test('a write lists destructiveHint and openWorldHint, and the hints at false by default only when true', () => {
    const writer = (annotations: ToolHints) =>
      toolListing(
        defineTool({
          name: 'w',
          title: 'W',
          description: 'W',
          input: () => type({}),
          annotations,
          handler: async () => ({}),
        }),
      ).annotations;
    expect(writer(DESTRUCTIVE)).toEqual({ destructiveHint: true, openWorldHint: false });
    expect(writer(ADDITIVE)).toEqual({ destructiveHint: false, openWorldHint: false });
    expect(writer(OVERWRITE)).toEqual({
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(writer({ ...ADDITIVE, openWorldHint: true })).toEqual({
      destructiveHint: false,
      openWorldHint: true,
    });
  });

  test('additionalProperties {} (anything, the default) is left out; false stays', () => {
    expect(
      compactSchema({
        type: 'object',
        properties: { item: { type: 'object', additionalProperties: {} } },
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: { item: { type: 'object' } },
      additionalProperties: false,
    });
  });

  test('an anyOf of plain types becomes one type array; other members stay', () => {
    expect(
      compactSchema({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] }),
    ).toEqual({ type: ['string', 'number', 'null'] });
    expect(
      compactSchema({
        anyOf: [
          { type: 'string' },
          { type: 'number' },
          { type: 'array', items: { type: 'string' } },
        ],
      }),
    ).toEqual({
      anyOf: [{ type: ['string', 'number'] }, { type: 'array', items: { type: 'string' } }],
    });
    expect(
      compactSchema({ anyOf: [{ type: 'object' }, { type: 'string', minLength: 1 }] }),
    ).toEqual({ anyOf: [{ type: 'object' }, { type: 'string', minLength: 1 }] });
  });
});
