/**
 * The plugin bundle and the headless CLI run ArkType jitless (arktype-config.ts); tests run it
 * compiled. Every tool must judge arguments the same either way: a fresh process configured as
 * main.js is asks every tool to parse the same inputs, and its answers must equal this process's.
 */
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { allTools } from './features/mcp-tools/index.ts';

const INPUTS: unknown[] = [
  {},
  { path: 5 },
  { path: 'a.md', unknownArgument: true },
  { query: '', limit: 0 },
  { names: ['x'], persist: 'yes' },
];

const judge = `
  const { allTools } = await import(${JSON.stringify(`${import.meta.dir}/features/mcp-tools/index.ts`)});
  const { type } = await import('arktype');
  const inputs = JSON.parse(process.argv[1]);
  console.log(JSON.stringify({
    jitless: type('string').internal.$.resolvedConfig.jitless,
    results: allTools.map((tool) => inputs.map((input) => tool.parse(input))),
  }));
`;

describe('ArkType jitless, as in main.js', () => {
  test('every tool parses arguments exactly as compiled ArkType does', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--eval',
        `await import(${JSON.stringify(`${import.meta.dir}/arktype-config.ts`)});${judge}`,
        JSON.stringify(INPUTS),
      ],
      { encoding: 'utf8', cwd: import.meta.dir },
    );
    expect(child.stderr).toBe('');
    const { jitless, results } = JSON.parse(child.stdout) as {
      jitless: boolean;
      results: unknown[];
    };
    expect(jitless).toBe(true); // ArkType's own resolved setting (an internal field)
    const compiled = allTools.map((tool) => INPUTS.map((input) => tool.parse(input)));
    expect(results).toEqual(JSON.parse(JSON.stringify(compiled)) as unknown[]);
    expect(results.flat().some((result) => (result as { ok: boolean }).ok)).toBe(true);
  });
});
