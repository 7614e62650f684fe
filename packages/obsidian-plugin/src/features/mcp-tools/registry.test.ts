import { describe, expect, test } from 'bun:test';
import { allTools } from './registry.ts';

describe('the tool registry', () => {
  test('names are unique snake_case', () => {
    const names = allTools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  test('every tool is classified: all four hints stated, read-only tools never destructive', () => {
    for (const tool of allTools) {
      const hints = tool.annotations;
      for (const hint of [
        'readOnlyHint',
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
      ] as const) {
        expect(typeof hints[hint]).toBe('boolean');
      }
      if (hints.readOnlyHint) expect(hints.destructiveHint).toBe(false);
    }
  });

  test('every input schema is a closed object and every description is short', () => {
    for (const tool of allTools) {
      expect(tool.inputJsonSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.description.length).toBeLessThanOrEqual(200);
    }
  });
});
