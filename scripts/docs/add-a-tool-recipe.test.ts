/**
 * The add-a-tool recipe cannot drift from the code: its example is a compiled file
 * (mcp-tools/test-support/add-a-tool-example/get-word-count.ts, type-checked with the rest, at
 * the depth of a tool file so its imports are the ones a tool writes), the recipe shows that file as it is,
 * the example runs as the recipe promises, fits the tools/list budget once added, and the recipe
 * quotes the budget from its one constant rather than figures that go stale.
 */
import { describe, expect, test } from 'bun:test';
import { defaultTokenPolicy } from '../../packages/shared/src/index.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost } from '../../packages/obsidian-plugin/src/host/test-support/test-host.ts';
import {
  allTools,
  metaTools,
  toolListing,
  type Tool,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';
import {
  runFail,
  runOk,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/test-support/run-tool.ts';
import { getWordCount } from '../../packages/obsidian-plugin/src/features/mcp-tools/test-support/add-a-tool-example/get-word-count.ts';
import {
  TOOL_LIST_BUDGET,
  resolveScope,
  toolListBudget,
} from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';

const ROOT = join(import.meta.dir, '..', '..');
const EXAMPLE =
  'packages/obsidian-plugin/src/features/mcp-tools/test-support/add-a-tool-example/get-word-count.ts';

async function recipe(): Promise<string> {
  return readFile(join(ROOT, 'docs/recipes/add-a-tool.md'), 'utf8');
}

/** The recipe's first TypeScript block: the tool file it tells the reader to write. */
function firstTypeScriptBlock(markdown: string): string {
  const block = /```ts\n([\s\S]*?)```/.exec(markdown);
  if (block === null) throw new Error('The recipe has no ```ts block.');
  return block[1] ?? '';
}

function listedBytes(tools: readonly Tool[]): { tools: number; bytes: number } {
  const scope = resolveScope({
    tools,
    metaTools,
    token: { ...defaultTokenPolicy(), profile: 'all' },
    vault: { userDisabled: [], promoted: [] },
    activated: new Set(),
  });
  const bytes = Buffer.byteLength(JSON.stringify({ tools: scope.listed.map(toolListing) }));
  return { tools: scope.listed.length, bytes };
}

describe('the add-a-tool recipe', () => {
  test('shows the compiled example file exactly as it is', async () => {
    const example = await readFile(join(ROOT, EXAMPLE), 'utf8');
    expect(firstTypeScriptBlock(await recipe())).toBe(example);
    expect(await recipe()).toContain(
      EXAMPLE.replace('packages/obsidian-plugin/src/features/mcp-tools/', ''),
    );
  });

  test('the example does what the recipe says: counts a note, refuses what is not one', async () => {
    const vault = await openTestHost({
      'Notes/Plan.md': '# Plan\n\nsow the beans\n',
      'map.canvas': '{}',
    });
    try {
      const counted = await runOk(getWordCount, vault.host, { path: 'Notes/Plan.md' });
      expect(counted).toMatchObject({ path: 'Notes/Plan.md', words: 5, characters: 22 });
      expect(typeof counted.revision).toBe('string');
      expect((await runFail(getWordCount, vault.host, { path: 'map.canvas' })).code).toBe(
        'unsupported',
      );
      expect((await runFail(getWordCount, vault.host, { path: 'Nope.md' })).code).toBe('not_found');
      expect(
        (await runFail(getWordCount, vault.host, { path: 'Notes/Plan.md', extra: 1 })).code,
      ).toBe('invalid_arguments');
    } finally {
      await vault.close();
    }
  });

  test('a new tool like the example fits the tools/list budget of profile all', () => {
    const { tools, bytes } = listedBytes([...allTools, getWordCount]);
    expect(tools).toBe(allTools.length + metaTools.length + 1);
    expect(bytes).toBeLessThanOrEqual(toolListBudget('all', tools) ?? 0);
  });

  test('quotes the budget from its constant and no count of tools that would go stale', async () => {
    const text = await recipe();
    expect(text).toContain(`${TOOL_LIST_BUDGET.allBytesPerTool} bytes per listed tool`);
    expect(text).toContain(`${TOOL_LIST_BUDGET.coreBytes.toLocaleString('en-US')} bytes in all`);
    expect(text).not.toMatch(/\b\d+ tools\b/);
    expect(text).not.toMatch(/\b\d{1,3},\d{3} bytes of\b/);
  });
});
