/** The journal's lock refuses a live holder in another process with `journal_busy` (ADR-0030). */
import { afterEach, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { journalLock } from './journal-lock.ts';

let folder: string | null = null;
afterEach(async () => {
  if (folder !== null) await rm(folder, { recursive: true, force: true });
  folder = null;
});

test('a call that cannot have its turn fails with journal_busy, naming the holder', async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcp-journal-lock-'));
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => child.once('spawn', resolve));
    await writeFile(join(folder, 'journal.lock'), JSON.stringify({ pid: child.pid, token: 't' }));
    const refused = await journalLock(folder, 0)
      .hold(async () => 'ran')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('journal_busy');
    expect((refused as ToolError).message).toContain(`process ${child.pid}`);
    expect((refused as ToolError).message).not.toContain(folder);
  } finally {
    child.kill('SIGKILL');
  }
});
