import { describe, expect, test } from 'bun:test';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from './define-tool.ts';
import { compactSchema, toolListing } from './tool-listing.ts';

describe('toolListing', () => {
  test('a read-only tool lists only the hints the MCP spec gives meaning to', () => {
    const tool = defineTool({
      name: 'r',
      title: 'R',
      description: 'R',
      input: type({}),
      annotations: READ_ONLY,
      handler: async () => ({}),
    });
    expect(toolListing(tool).annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    const writer = defineTool({
      name: 'w',
      title: 'W',
      description: 'W',
      input: type({}),
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
      handler: async () => ({}),
    });
    expect(toolListing(writer).annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
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
