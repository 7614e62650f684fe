/**
 * A bundle that defines the built input schemas lists them as they are, making no ArkType schema
 * (the headless CLI's start, ADR-0054). From source each is made from the tool's ArkType input
 * (tool-listing.test.ts).
 * The defined global is set before the tools load, in a fresh process, as a bundle has it.
 */
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { allTools } from './index.ts';

function inFreshProcess(script: string): unknown {
  const child = spawnSync(process.execPath, ['--eval', script], {
    encoding: 'utf8',
    cwd: import.meta.dir,
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as unknown;
}

const TOOLS = JSON.stringify(`${import.meta.dir}/index.ts`);

describe('built input schemas', () => {
  test('a tool lists the schema the build computed, not one made from its ArkType input', () => {
    const [tool] = allTools;
    const built = { type: 'object', properties: { fromTheBuild: { type: 'string' } } };
    const listed = inFreshProcess(`
      globalThis.MCP_CONNECTOR_BUILT_INPUT_SCHEMAS = { [${JSON.stringify(tool?.name)}]: ${JSON.stringify(built)} };
      const { allTools } = await import(${TOOLS});
      const { toolListing } = await import(${JSON.stringify(`${import.meta.dir}/tool-listing.ts`)});
      console.log(JSON.stringify(toolListing(allTools[0]).inputSchema));
    `);
    expect(listed).toEqual(built);
  }, 60_000);
});
