import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './run-process.ts';
import { missingSharedData, onCi, TASKS_DEMO_VAULT } from './shared-data-suite.ts';

const EMPTY = mkdtempSync(join(tmpdir(), 'no-shared-'));
afterAll(() => rmSync(EMPTY, { recursive: true, force: true }));

/** `bun test` on the fixture suite with the shared data missing, as a child process. */
async function runFixture(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const run = await runProcess('bun', ['test', './fixtures/oracle-suite.fixture.ts'], {
    cwd: import.meta.dir,
    env: { ...process.env, CI: '', MCP_CONNECTOR_SHARED: EMPTY, ...env },
  });
  return { code: run.code, output: run.stdout + run.stderr };
}

describe('describeWithSharedData', () => {
  test('data that is there is not missing', () => {
    expect(missingSharedData([{ label: 'this folder', path: import.meta.dir }])).toBeNull();
  });

  test('the line names what is missing, where it should be, and how to provide it', () => {
    const line = missingSharedData([{ label: 'the x data', path: join(EMPTY, 'nope') }]);
    expect(line).toContain('the x data');
    expect(line).toContain('../shared');
    expect(line).toContain('MCP_CONNECTOR_SHARED');
  });

  test('CI is on for CI=true or CI=1 only', () => {
    expect([onCi({ CI: 'true' }), onCi({ CI: '1' }), onCi({ CI: 'false' }), onCi({})]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  test('without the data: one skipped test saying why, and the body never runs', async () => {
    const run = await runFixture({});
    expect(run.code).toBe(0);
    expect(run.output).toContain(
      `(skip) an oracle suite: skipped, needs ${TASKS_DEMO_VAULT.label}`,
    );
    expect(run.output).toContain(' 1 skip');
    expect(run.output).not.toContain('the body ran');
  });

  test('without the data under CI=true: the run fails, naming what is missing', async () => {
    const run = await runFixture({ CI: 'true' });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('(fail) an oracle suite: needs the tasks-demo vault');
    expect(run.output).not.toContain('the body ran');
  });
});
