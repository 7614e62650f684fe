/**
 * No user regex can freeze the server: patterns that make a backtracking engine run for minutes
 * answer within a second (a linear-time engine), a pattern that is linear but still slow on a
 * large note stops at the time budget with `regex_timeout` (never a silent "no match"), and the
 * server keeps answering other requests meanwhile. The server runs as a child process, so a
 * regression fails these tests instead of hanging the test runner.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import {
  buildVault,
  startChildServer,
  type ChildServer,
  type TempVault,
} from '../test-support/index.ts';

const CATASTROPHIC = ['(a|a)*$', '(\\S|\\S)*$', 'a*a*a*a*a*a*$'];
/**
 * A backtracking engine needs minutes for these patterns on these notes; the linear one answers
 * in well under a second on an idle machine (bun run bench:regex measures it). The bound here
 * only has to tell the two apart, with room for a machine whose cores are all busy.
 */
const NOT_BACKTRACKING_MS = 10_000;
/** Linear in RE2, but about 3 s per 100 KB: the budget must stop it. */
const SLOW_BUT_LINEAR = '(?:\\b\\w+\\b\\s*){0,1000}\\d';
const PROSE = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor ';

let vault: TempVault;
let server: ChildServer;
let client: Client;
const notes: Record<string, string> = {
  'Adversarial/as.md': `${'a'.repeat(40_000)}!`,
  'Adversarial/dense.md': `${'x'.repeat(40_000)} `,
  'Large/prose.md': PROSE.repeat(3_000),
};
for (let index = 0; index < 40; index++)
  notes[`Notes/n${index}.md`] = `# Note ${index}\n${PROSE}\n`;

beforeAll(async () => {
  vault = await buildVault(notes);
  server = await startChildServer(vault.root);
  client = await server.connect();
}, 30_000);
afterAll(async () => {
  await server.stop();
  await vault.remove();
});

async function timed(name: string, args: Record<string, unknown>) {
  const start = performance.now();
  const result = await client.callTool({ name, arguments: args });
  return {
    ms: performance.now() - start,
    isError: result.isError === true,
    content: result.structuredContent as Record<string, unknown>,
  };
}

describe('user regexes run in linear time under a budget', () => {
  test.each(CATASTROPHIC)(
    'search_vault regexp %s answers at once, not after minutes',
    async (pattern) => {
      const outcome = await timed('search_vault', {
        queryType: 'jsonlogic',
        query: { regexp: [pattern, { var: 'content' }] },
        limit: 1000,
      });
      expect(outcome.ms).toBeLessThan(NOT_BACKTRACKING_MS);
      if (outcome.isError) expect(outcome.content.code).toBe('regex_timeout');
      else expect(outcome.content.total).toBe(Object.keys(notes).length);
    },
  );

  test.each(CATASTROPHIC)(
    'search_and_replace %s answers at once, not after minutes',
    async (pattern) => {
      const outcome = await timed('search_and_replace', {
        pattern,
        replacement: 'X',
        scope: 'Adversarial',
      });
      expect(outcome.ms).toBeLessThan(NOT_BACKTRACKING_MS);
      if (outcome.isError) expect(outcome.content.code).toBe('regex_timeout');
      else expect(outcome.content.filesMatched).toBe(2);
    },
  );

  test('a slow pattern on a large note stops with regex_timeout, and the server keeps serving', async () => {
    const slow = timed('search_vault', {
      queryType: 'jsonlogic',
      query: { regexp: [SLOW_BUT_LINEAR, { var: 'content' }] },
    });
    const meanwhile = await timed('get_server_info', {});
    expect(meanwhile.isError).toBe(false);
    const outcome = await slow;
    expect(outcome.isError).toBe(true);
    expect(outcome.content.code).toBe('regex_timeout');
    expect(String(outcome.content.message)).toContain('scope');
    expect(outcome.content.details).toMatchObject({ path: 'Large/prose.md' });
  }, 20_000);

  test('the budget is per note: search_and_replace stops on the one slow note and names it', async () => {
    const outcome = await timed('search_and_replace', {
      pattern: SLOW_BUT_LINEAR,
      replacement: 'X',
    });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatchObject({
      code: 'regex_timeout',
      details: { path: 'Large/prose.md' },
    });
    expect(String(outcome.content.message)).toContain('Large/prose.md');
  }, 20_000);

  test.each([
    ['a lookahead', 'foo(?=bar)'],
    ['a negative lookahead', 'foo(?!bar)'],
    ['a backreference', '(a)\\1'],
    ['a named backreference', '(?<y>\\d)\\k<y>'],
  ])('%s is refused with unsupported_regex, naming the limitation', async (_name, pattern) => {
    const outcome = await timed('search_and_replace', { pattern, replacement: 'X' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content.code).toBe('unsupported_regex');
    expect(String(outcome.content.message)).toMatch(/lookahead|backreference/);
  });
});
