/**
 * The loop every long tool runs in (long-steps.ts), and the long tools through it: each reports
 * how far it is and stops when its call is stopped, failing with the signal's reason.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { defaultChangeJournalSettings } from '@mcp-connector/shared';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { ANY_TOOL, ChangeJournal } from '../../change-journal/index.ts';
import { callTool } from '../call-tool.ts';
import { contextFor, registeredTool } from '../test-support/run-tool.ts';
import { longSteps } from './long-steps.ts';

type Report = [done: number, total?: number, message?: string];

function watched(signal = new AbortController().signal) {
  const reports: Report[] = [];
  return {
    reports,
    signal,
    progress: { report: (...report: Report) => void reports.push(report) },
  };
}

describe('longSteps', () => {
  test('reports each step done, counting on from where the call is', async () => {
    const ctx = watched();
    const seen: string[] = [];
    await longSteps(ctx, ['a', 'b'], 'Writing', (item) => void seen.push(item), {
      before: 10,
      total: 20,
    });
    expect(seen).toEqual(['a', 'b']);
    expect(ctx.reports).toEqual([
      [11, 20, 'Writing'],
      [12, 20, 'Writing'],
    ]);
  });

  test("stops between steps with the signal's reason", async () => {
    const stop = new AbortController();
    const ctx = watched(stop.signal);
    const reason = new ToolError('cancelled', 'stopped');
    const seen: number[] = [];
    const thrown: unknown = await longSteps(ctx, [1, 2, 3], 'Writing', (item) => {
      seen.push(item);
      if (item === 2) stop.abort(reason);
    }).catch((error: unknown) => error);
    expect(thrown).toBe(reason);
    expect(seen).toEqual([1, 2]);
  });
});

let vault: TestHost | null = null;
let journal: ChangeJournal | null = null;
afterEach(async () => {
  await journal?.close();
  await vault?.close();
  journal = null;
  vault = null;
});

/** The tool run as a request runs it: through the change journal, watched, maybe stopped. */
async function run(name: string, args: Record<string, unknown>, ctx: ReturnType<typeof watched>) {
  vault = await openTestHost(NOTES);
  journal = await ChangeJournal.open({
    folder: join(vault.root, '.journal-test'),
    host: vault.host,
    unguardedHost: vault.host,
    settings: defaultChangeJournalSettings,
    isHidden: () => false,
  });
  const changes = journal.forActor({ tokenId: 't', label: 'Test' }, ANY_TOOL);
  return callTool(registeredTool(name), args, contextFor(vault.host, {}, { ...ctx, changes }));
}

const NOTES: Record<string, string> = {
  'Target.md': '# Target\n\n## Old\n\n[[Missing]]\n',
  ...Object.fromEntries(
    Array.from({ length: 5 }, (_, index) => [
      `n${index}.md`,
      `[[Target#Old]] a draft [[Target]] #plan\n\n- [ ] sow the beans\n`,
    ]),
  ),
};

describe.each([
  ['search_and_replace', { pattern: 'draft', replacement: 'final', dry_run: false }],
  ['rename_heading', { path: 'Target.md', from: { text: 'Old' }, to: 'New' }],
  ['rename_vault_file', { from: 'Target.md', to: 'Moved/Target.md' }],
  ['edit_vault_files', { operations: [{ op: 'append', path: 'n0.md', content: 'x' }] }],
  ['find_broken_links', { scope: 'Target.md' }],
  ['find_orphaned_notes', {}],
  ['rename_tag', { from: 'plan', to: 'planned', dryRun: false }],
  ['list_tasks', {}],
  ['search_vault', { queryType: 'jsonlogic', query: { glob: ['*.md', { var: 'path' }] } }],
])('%s', (name, args) => {
  test('is long: it reports how far it is', async () => {
    const ctx = watched();
    const result = await run(name, args, ctx);
    expect(registeredTool(name).long).toBe(true);
    expect(result.isError).toBeUndefined();
    expect(ctx.reports.length).toBeGreaterThan(0);
  });

  test('a stopped call fails with the reason it was stopped for', async () => {
    const stop = new AbortController();
    stop.abort(new ToolError('cancelled', 'The client cancelled the call.'));
    const result = await run(name, args, watched(stop.signal));
    expect(result.structuredContent).toMatchObject({ code: 'cancelled' });
  });
});
