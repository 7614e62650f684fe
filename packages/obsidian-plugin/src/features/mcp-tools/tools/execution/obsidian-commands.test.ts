import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { callTool } from '../../call-tool.ts';
import type { Tool } from '../../define-tool.ts';
import type { CommandGate } from '../../tool-context.ts';
import { contextFor, runFail } from '../../test-support/run-tool.ts';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { executeObsidianCommand } from './execute-obsidian-command.ts';
import { listObsidianCommands } from './list-obsidian-commands.ts';
import { overrideHost } from '../../../../host/test-support/host-double.ts';
import { fakeCommands, withIntegrations } from './test-support/fake-integrations.ts';

/** A host without Obsidian's command palette, as headless is (its e2e test runs the real one). */
const withoutCommands = (host: VaultHost): VaultHost =>
  overrideHost(host, { commands: () => null });

const PALETTE = [
  { id: 'editor:toggle-bold', name: 'Toggle bold' },
  { id: 'app:go-back', name: 'Navigate back' },
  { id: 'daily-notes', name: "Open today's daily note" },
  { id: 'editor:unavailable', name: 'Needs an editor' },
];

let vault: TestHost;
afterEach(() => vault.close());

async function obsidianLike(gate?: CommandGate) {
  vault = await openTestHost({ 'a.md': 'a' });
  const commands = fakeCommands(PALETTE, ['editor:unavailable']);
  const host = withIntegrations(vault.host, { commands });
  const call = async (tool: Tool, args: Record<string, unknown>) => {
    const result = await callTool(tool, args, contextFor(host, gate ? { commandGate: gate } : {}));
    return {
      ok: result.isError !== true,
      data: result.structuredContent as Record<string, unknown>,
    };
  };
  return { commands, call };
}

const allowAll = (warning?: string): CommandGate & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    decide: async ({ id }) => {
      asked.push(id);
      return { allowed: true, reason: 'on the allowlist', ...(warning && { warning }) };
    },
  };
};

describe('list_obsidian_commands', () => {
  test('lists ids and names sorted by id, filtered by id or name, with total and truncated', async () => {
    const { call } = await obsidianLike();
    expect((await call(listObsidianCommands, {})).data).toEqual({
      commands: [
        { id: 'app:go-back', name: 'Navigate back' },
        { id: 'daily-notes', name: "Open today's daily note" },
        { id: 'editor:toggle-bold', name: 'Toggle bold' },
        { id: 'editor:unavailable', name: 'Needs an editor' },
      ],
      total: 4,
      truncated: false,
    });
    expect((await call(listObsidianCommands, { filter: 'EDITOR:', limit: 1 })).data).toEqual({
      commands: [{ id: 'editor:toggle-bold', name: 'Toggle bold' }],
      total: 2,
      truncated: true,
    });
    expect((await call(listObsidianCommands, { filter: 'daily NOTE' })).data).toMatchObject({
      total: 1,
    });
  });

  test('without a command palette (headless): commands exist only inside Obsidian', async () => {
    vault = await openTestHost({});
    const failure = await runFail(listObsidianCommands, withoutCommands(vault.host), {});
    expect(failure.code).toBe('commands_unavailable');
    expect(failure.message).toContain('only inside Obsidian');
  });
});

describe('execute_obsidian_command', () => {
  test('runs an allowed command and passes on the gate reason and warning', async () => {
    const gate = allowAll('31 command calls in the last minute');
    const { call, commands } = await obsidianLike(gate);
    expect((await call(executeObsidianCommand, { commandId: 'app:go-back' })).data).toEqual({
      commandId: 'app:go-back',
      name: 'Navigate back',
      executed: true,
      reason: 'on the allowlist',
      warning: '31 command calls in the last minute',
    });
    expect(gate.asked).toEqual(['app:go-back']);
    expect(commands.executed).toEqual(['app:go-back']);
  });

  test('a refusal is command_denied with the reason, and nothing runs', async () => {
    const { call, commands } = await obsidianLike();
    const { ok, data } = await call(executeObsidianCommand, { commandId: 'app:go-back' });
    expect(ok).toBe(false);
    expect(data).toMatchObject({
      code: 'command_denied',
      details: { commandId: 'app:go-back', reason: 'commands are off in this test' },
    });
    expect(commands.executed).toEqual([]);
  });

  test('an unknown id is not_found and never reaches the gate', async () => {
    const gate = allowAll();
    const { call } = await obsidianLike(gate);
    const { data } = await call(executeObsidianCommand, { commandId: 'app:go-back-typo' });
    expect(data).toMatchObject({ code: 'not_found' });
    expect(gate.asked).toEqual([]);
  });

  test('a command Obsidian refuses to run is command_failed', async () => {
    const { call } = await obsidianLike(allowAll());
    const { data } = await call(executeObsidianCommand, { commandId: 'editor:unavailable' });
    expect(data).toMatchObject({ code: 'command_failed' });
  });

  test('without a command palette (headless): commands_unavailable', async () => {
    vault = await openTestHost({});
    expect(
      (await runFail(executeObsidianCommand, withoutCommands(vault.host), { commandId: 'x' })).code,
    ).toBe('commands_unavailable');
  });
});
