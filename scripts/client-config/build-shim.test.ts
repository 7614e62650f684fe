import { describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { GENERATED_MODULE, buildShim, generatedModule } from './build-shim.ts';
import { STDIO_SHIM_SOURCE } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';

describe('the generated stdio shim', () => {
  test('the committed module is exactly what scripts/client-config/build-shim.ts writes (rerun `bun run shim:build` after a change)', async () => {
    const [committed, built] = await Promise.all([
      readFile(GENERATED_MODULE, 'utf8'),
      generatedModule(),
    ]);
    expect({ upToDate: committed === built }).toEqual({ upToDate: true });
    expect({ same: STDIO_SHIM_SOURCE === (await buildShim()) }).toEqual({ same: true });
  });

  test('it has zero dependencies: every require is a Node built-in, and there is no import or require.main guard', () => {
    const required = [...STDIO_SHIM_SOURCE.matchAll(/require\((["'])([^"']+)\1\)/g)].map(
      (match) => match[2] as string,
    );
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(builtinModules).toContain(name.replace(/^node:/, ''));
    expect(STDIO_SHIM_SOURCE).not.toMatch(/^\s*import\s/m);
    expect(STDIO_SHIM_SOURCE).not.toContain('require.main');
    expect(STDIO_SHIM_SOURCE.startsWith('// Local MCP Server for Obsidian: stdio shim.')).toBe(
      true,
    );
  });
});
