/**
 * Outside edits are never wiped (ADR-0041): a failing batch's rollback and undo_change put a
 * file back only while it still holds what the journal expects (the state the call left, or
 * the change's after-state), re-checked as every write is; another program's edit made
 * meanwhile stays, and the answer says what could not be put back. The outside edit lands at
 * a known point: a hook on the host's write of a trigger note, not a timer.
 */
import { describe, expect, test } from 'bun:test';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VaultHost } from '../../../../obsidian-plugin/src/host/vault-host.ts';
import { callFail, callOk } from '../../test-support/index.ts';
import { JOURNAL_VAULT, journalServerPerTest, newestChange } from './test-support/journal-vault.ts';

const startServer = journalServerPerTest();
const BETA = 'Notes/Beta.md';
const GAMMA = 'Notes/Gamma.md';
const OUTSIDE = 'a line another program appended\n';

/** A host on which writing `trigger` first has another program append to `target` on disk. */
function outsideEditOn(trigger: string, target: () => string) {
  let armed = false;
  const wrap = (host: VaultHost): VaultHost =>
    new Proxy(host, {
      get(inner, property) {
        const value: unknown = Reflect.get(inner, property);
        if (typeof value !== 'function') return value;
        const method = (value as (...args: unknown[]) => unknown).bind(inner);
        if (property !== 'process' && property !== 'modifyBinary') return method;
        return async (path: string, ...rest: unknown[]) => {
          if (armed && path === trigger) {
            armed = false;
            await appendFile(target(), OUTSIDE);
          }
          return method(path, ...rest);
        };
      },
    });
  return { wrap, arm: () => (armed = true) };
}

describe('outside edits meanwhile', () => {
  test("a failing batch's rollback leaves another program's append in place and says so", async () => {
    let root = '';
    const hook = outsideEditOn(GAMMA, () => join(root, BETA));
    const server = await startServer(undefined, hook.wrap);
    root = server.root;
    hook.arm();
    const failure = await callFail(server.client, 'edit_vault_files', {
      operations: [
        { op: 'append', path: BETA, content: 'agent line' },
        { op: 'append', path: GAMMA, content: 'trigger' },
        {
          op: 'patch',
          path: 'Notes/Alpha.md',
          operation: 'append',
          targetType: 'heading',
          target: 'No such heading',
          createTargetIfMissing: false,
          content: 'x',
        },
      ],
    });
    expect(failure.message).not.toContain('No operation was applied');
    expect(failure.details).toMatchObject({ rollback: { complete: false } });
    const beta = await readFile(join(root, BETA), 'utf8');
    expect(beta.endsWith(OUTSIDE)).toBe(true);
    expect(beta).toContain('agent line');
    expect(await readFile(join(root, GAMMA), 'utf8')).toBe(JOURNAL_VAULT[GAMMA] as string);
  });

  test('undo_change refuses with precondition_failed when a file changes during the undo', async () => {
    let root = '';
    const hook = outsideEditOn(GAMMA, () => join(root, BETA));
    const server = await startServer(undefined, hook.wrap);
    root = server.root;
    await callOk(server.client, 'edit_vault_files', {
      operations: [
        { op: 'append', path: BETA, content: 'agent line' },
        { op: 'append', path: GAMMA, content: 'agent line' },
      ],
    });
    const change = await newestChange(server.client, 'edit_vault_files');
    hook.arm(); // the undo puts Gamma back first; meanwhile Beta gets a line from elsewhere
    const failure = await callFail(server.client, 'undo_change', { id: change.id });
    expect(failure.code).toBe('precondition_failed');
    const beta = await readFile(join(root, BETA), 'utf8');
    expect(beta.endsWith(OUTSIDE)).toBe(true);
    expect(beta).toContain('agent line');
    expect(await readFile(join(root, GAMMA), 'utf8')).toContain('agent line');
  });
});
