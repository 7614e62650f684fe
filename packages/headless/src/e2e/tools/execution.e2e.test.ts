/**
 * The execution tools end to end. Headless (the real server on a temp copy of the test vault) there is
 * no Templater and no command palette: every call fails clearly and changes nothing. Then the same
 * connector over a host that has both (scripted fakes standing in for Obsidian's), with the real
 * command gate built from data.json and a scripted permission prompt: off by default, the
 * allowlist, "Allow always" persisted, the decision log, and Templater rendering a vault template.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startConnector, type RunningConnector } from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptedPrompt } from '../../../../obsidian-plugin/src/features/command-permissions/test-support/gate-doubles.ts';
import {
  fakeCommands,
  fakeTemplater,
  withIntegrations,
} from '../../../../obsidian-plugin/src/features/mcp-tools/tools/execution/test-support/fake-integrations.ts';
import { NodeHost } from '../../node-host/node-host.ts';
import { settingsPathOf } from '../../serve.ts';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  copyVault,
  snapshotVault,
  startTestServer,
  type McpTestServer,
  type TempVault,
} from '../../test-support/index.ts';

const TOOLS = ['execute_template', 'list_obsidian_commands', 'execute_obsidian_command'];
const DAILY_TEMPLATE = 'Templates/Daily note.md';

describe('headless', () => {
  let t: McpTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  test.each(PROTOCOL_LINES)(
    '%s: listed within budget; each fails clearly, nothing changes',
    async (line) => {
      const client = await t.connect(line);
      const listed = (await client.listTools()).tools.filter((tool) => TOOLS.includes(tool.name));
      expect(listed.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
      const bytes = listed.map((tool) => Buffer.byteLength(JSON.stringify(tool)));
      // execute_template also carries expectedRevision and idempotencyKey.
      for (const size of bytes) expect(size).toBeLessThan(600);
      expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(3 * 500);
      const before = await snapshotVault(t.vault.root);
      const template = await callFail(client, 'execute_template', {
        templatePath: DAILY_TEMPLATE,
        targetPath: 'Journal/Daily/2030-01-01.md',
        createFile: true,
      });
      expect(template.code).toBe('templater_not_installed');
      expect(template.message).toContain('headless');
      for (const [name, args] of [
        ['list_obsidian_commands', {}],
        ['execute_obsidian_command', { commandId: 'app:go-back' }],
      ] as const) {
        const failure = await callFail(client, name, args);
        expect(failure.code).toBe('commands_unavailable');
        expect(failure.message).toContain('only inside Obsidian');
      }
      expect(await snapshotVault(t.vault.root)).toEqual(before);
    },
  );

  test('a bad template path is invalid_path before anything else', async () => {
    const client = await t.connect('modern');
    const failure = await callFail(client, 'execute_template', { templatePath: '../x.md' });
    expect(failure.code).toBe('invalid_path');
  });
});

describe('with Templater and a command palette', () => {
  let vault: TempVault;
  let host: NodeHost;
  let connector: RunningConnector;
  let client: Client;
  let settings: SettingsStore;
  const prompt = new ScriptedPrompt([]);
  const commands = fakeCommands([
    { id: 'app:go-back', name: 'Navigate back' },
    { id: 'editor:toggle-bold', name: 'Toggle bold' },
    { id: 'app:delete-file', name: 'Delete current file' },
  ]);
  const templater = fakeTemplater();

  beforeAll(async () => {
    vault = await copyVault();
    host = await NodeHost.open(vault.root, { watch: false });
    settings = await SettingsStore.open(settingsPathOf(vault.root));
    connector = await startConnector({
      host: withIntegrations(host, { commands, templater }),
      settings,
      version: 'test',
      port: 0,
      commandPrompt: prompt,
    });
    client = new Client({ name: 'e2e-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(connector.url), {
        requestInit: {
          headers: { Authorization: `Bearer ${connector.defaultToken?.secret ?? ''}` },
        },
      }),
    );
  });
  afterAll(async () => {
    await client.close();
    await connector.close();
    await host.close();
    await vault.remove();
  });

  const savedCommands = async () =>
    (
      JSON.parse(await readFile(settingsPathOf(vault.root), 'utf8')) as {
        commands: Record<string, unknown>;
      }
    ).commands;

  test('list_obsidian_commands filters the palette', async () => {
    expect(await callOk(client, 'list_obsidian_commands', { filter: 'APP:' })).toEqual({
      commands: [
        { id: 'app:delete-file', name: 'Delete current file' },
        { id: 'app:go-back', name: 'Navigate back' },
      ],
      total: 2,
      truncated: false,
    });
  });

  test('commands are off by default: denied without asking, and logged', async () => {
    const failure = await callFail(client, 'execute_obsidian_command', {
      commandId: 'app:go-back',
    });
    expect(failure).toMatchObject({ code: 'command_denied' });
    expect(failure.message).toContain('turn it on');
    expect(prompt.asked).toEqual([]);
    expect(commands.executed).toEqual([]);
    expect(await savedCommands()).toMatchObject({
      enabled: false,
      decisions: [{ commandId: 'app:go-back', decision: 'denied' }],
    });
  });

  test('switched on: the user is asked; allow always lands on the allowlist in data.json', async () => {
    await settings.updateSlice('commands', (current) => ({ ...current, enabled: true }));
    prompt.script.push('deny', 'allow_always');
    expect(
      (await callFail(client, 'execute_obsidian_command', { commandId: 'app:go-back' })).details,
    ).toMatchObject({ reason: 'the user denied it' });
    expect(await callOk(client, 'execute_obsidian_command', { commandId: 'app:go-back' })).toEqual({
      commandId: 'app:go-back',
      name: 'Navigate back',
      executed: true,
      reason: 'the user allowed it always; it is now on the allowlist',
    });
    expect(
      await callOk(client, 'execute_obsidian_command', { commandId: 'app:go-back' }),
    ).toMatchObject({
      reason: 'on the allowlist',
    });
    expect(prompt.asked.length).toBe(2);
    expect(commands.executed).toEqual(['app:go-back', 'app:go-back']);
    expect((await savedCommands()).allowlist).toEqual(['app:go-back']);
  });

  test('a destructive command is asked about with a warning and never allowlisted', async () => {
    prompt.script.push('allow_always');
    await callOk(client, 'execute_obsidian_command', { commandId: 'app:delete-file' });
    expect(prompt.asked.at(-1)).toMatchObject({ commandId: 'app:delete-file', destructive: true });
    expect((await savedCommands()).allowlist).toEqual(['app:go-back']);
  });

  test('a destructive-looking command the user allowlisted runs without a modal', async () => {
    await settings.updateSlice('commands', (current) => ({
      ...current,
      allowlist: [...current.allowlist, 'app:delete-file'],
    }));
    const asked = prompt.asked.length;
    expect(
      await callOk(client, 'execute_obsidian_command', { commandId: 'app:delete-file' }),
    ).toMatchObject({ executed: true, reason: 'on the allowlist' });
    expect(prompt.asked.length).toBe(asked);
  });

  test('an unknown command id is not_found', async () => {
    const failure = await callFail(client, 'execute_obsidian_command', { commandId: 'app:nope' });
    expect(failure.code).toBe('not_found');
  });

  test('execute_template renders a vault template into a new note', async () => {
    const target = 'Journal/Daily/2030-01-01.md';
    const created = await callOk(client, 'execute_template', {
      templatePath: DAILY_TEMPLATE,
      targetPath: target,
      createFile: true,
    });
    expect(created).toMatchObject({ path: target, created: true });
    const text = await readFile(join(vault.root, target), 'utf8');
    expect(text).toStartWith('---\ntags:\n  - daily\n');
    expect(text).toContain('\n# 2030-01-01\n');
    expect(text).toContain('\ndue on 2030-01-01\n');
    expect(text).not.toContain('<% tp.file.title %>');
    const again = await callFail(client, 'execute_template', {
      templatePath: DAILY_TEMPLATE,
      targetPath: target,
      createFile: true,
    });
    expect(again.code).toBe('already_exists');
  });
});
