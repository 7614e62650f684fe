import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callTool } from '../../call-tool.ts';
import { revisionOf } from '../../services/revision.ts';
import { contextFor, runFail } from '../../test-support/run-tool.ts';
import { executeTemplate } from './execute-template.ts';
import { fakeTemplater, withIntegrations } from './test-support/fake-integrations.ts';

const TEMPLATE = [
  '<% tp.mcpTools.prompt("topic", "What the note is about") %>',
  '# <% tp.file.title %>',
  'About {{topic}}; again {{ topic }}. Core: {{date}}',
  '',
].join('\n');

let vault: TestHost;
afterEach(() => vault.close());

async function open() {
  vault = await openTestHost({
    'Templates/Topic.md': TEMPLATE,
    'Templates/Plain.md': '# <% tp.file.title %>\n',
    'Notes/Existing.md': 'keep me',
    'pic.png': new Uint8Array([1, 2]),
  });
  const templater = fakeTemplater();
  return { templater, host: withIntegrations(vault.host, { templater }) };
}

async function run(host: Parameters<typeof contextFor>[0], args: Record<string, unknown>) {
  const result = await callTool(executeTemplate, args, contextFor(host));
  return { ok: result.isError !== true, data: result.structuredContent as Record<string, unknown> };
}

describe('rendering', () => {
  test('fills arguments, drops declarations and returns the text', async () => {
    const { host, templater } = await open();
    const { ok, data } = await run(host, {
      templatePath: 'Templates/Topic.md',
      targetPath: 'Notes/Today.md',
      arguments: { topic: 'bees' },
    });
    expect(ok).toBe(true);
    expect(data).toEqual({
      templatePath: 'Templates/Topic.md',
      targetPath: 'Notes/Today.md',
      content: '# Today\nAbout bees; again bees. Core: {{date}}\n',
    });
    expect(templater.calls).toEqual([
      {
        text: '# <% tp.file.title %>\nAbout bees; again bees. Core: {{date}}\n',
        templatePath: 'Templates/Topic.md',
        targetPath: 'Notes/Today.md',
      },
    ]);
  });

  test('createFile writes a new note and returns its revision', async () => {
    const { host } = await open();
    const { data } = await run(host, {
      templatePath: 'Templates/Plain.md',
      targetPath: 'Notes/New/Made.md',
      createFile: true,
      arguments: { stray: 'x' },
    });
    expect(data).toEqual({
      templatePath: 'Templates/Plain.md',
      path: 'Notes/New/Made.md',
      revision: revisionOf('# Made\n'),
      created: true,
      unusedArguments: ['stray'],
    });
    expect(await readFile(join(vault.root, 'Notes/New/Made.md'), 'utf8')).toBe('# Made\n');
  });
});

describe('refusals, each leaving the vault unchanged', () => {
  test.each([
    ['a missing declared argument', { templatePath: 'Templates/Topic.md' }, 'invalid_arguments'],
    [
      'an argument holding a Templater tag',
      { templatePath: 'Templates/Topic.md', arguments: { topic: '<%* app.vault %>' } },
      'invalid_arguments',
    ],
    [
      'an existing target',
      { templatePath: 'Templates/Plain.md', targetPath: 'Notes/Existing.md', createFile: true },
      'already_exists',
    ],
    [
      'a folder as target',
      { templatePath: 'Templates/Plain.md', targetPath: 'Notes', createFile: true },
      'already_exists',
    ],
    [
      'createFile without a target',
      { templatePath: 'Templates/Plain.md', createFile: true },
      'invalid_arguments',
    ],
    [
      'a target without a text extension',
      { templatePath: 'Templates/Plain.md', targetPath: 'Notes/New', createFile: true },
      'invalid_arguments',
    ],
    ['a missing template', { templatePath: 'Templates/Nope.md' }, 'not_found'],
    ['a binary template', { templatePath: 'pic.png' }, 'unsupported'],
    ['a traversal', { templatePath: '../x.md' }, 'invalid_path'],
    [
      'a target in the config folder',
      { templatePath: 'Templates/Plain.md', targetPath: '.obsidian/x.md', createFile: true },
      'invalid_path',
    ],
  ] as const)('%s', async (_name, args, code) => {
    const { host, templater } = await open();
    const before = await snapshotVault(vault.root);
    const { ok, data } = await run(host, { ...args });
    expect(ok).toBe(false);
    expect(data.code).toBe(code);
    expect(templater.calls).toEqual([]);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test('a Templater failure is template_failed and writes nothing', async () => {
    vault = await openTestHost({ 'T.md': 'x' });
    const host = withIntegrations(vault.host, {
      templater: {
        render: async () => {
          throw new Error('Template parsing error, aborting.');
        },
      },
    });
    const before = await snapshotVault(vault.root);
    const { data } = await run(host, {
      templatePath: 'T.md',
      targetPath: 'N.md',
      createFile: true,
    });
    expect(data).toMatchObject({ code: 'template_failed' });
    expect(data.message).toContain('Template parsing error');
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  // Headless says it has no Templater at all: packages/headless/src/e2e/tools/execution.e2e.test.ts.
  test('in Obsidian without Templater enabled: templater_not_installed says where to get it', async () => {
    vault = await openTestHost({ 'T.md': 'x' });
    const failure = await runFail(executeTemplate, vault.host, { templatePath: 'T.md' });
    expect(failure.code).toBe('templater_not_installed');
    expect(failure.message).toContain('Community plugins');
    const traversal = await runFail(executeTemplate, vault.host, { templatePath: '../T.md' });
    expect(traversal.code).toBe('invalid_path');
  });
});
