import { expect, test } from 'bun:test';
import { Operations, SHOW_AFTER_MS } from '@mcp-connector/obsidian-plugin/long-work';
import { reportOperations } from './operations-report.ts';

test('a long call is a progress line while it runs, and one line when it ends', () => {
  const clock = { now: 0 };
  const operations = new Operations({ now: () => clock.now, callerOf: () => 'Default' });
  const lines: string[] = [];
  const progress = {
    update: (text: string) => void lines.push(`update: ${text}`),
    print: (text: string) => void lines.push(`print: ${text}`),
    clear: () => void lines.push('clear'),
  };
  reportOperations(operations, progress, () => clock.now);
  const call = operations.start({ tool: 'search_and_replace', tokenId: 't' });
  call.report(1, 100, 'Replacing in notes'); // too soon to show
  clock.now = SHOW_AFTER_MS + 1000;
  call.report(50, 100);
  operations.end(call);
  expect(lines).toEqual([
    'update: search_and_replace (Default): Replacing in notes: 50 of 100 (50%), 25/s, about 2 s left',
    'print: search_and_replace (Default) ended after 2 s.',
    'clear',
  ]);
});
