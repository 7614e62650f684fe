import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';
import {
  directoryFindings,
  namingRuleProblems,
  registryAnswerOf,
  registryFindings,
  type DirectoryEntry,
} from './check-name.ts';

const FIXTURES = join(import.meta.dir, 'fixtures');
const SCRIPT = join(import.meta.dir, 'check-name.ts');
const ours = { pluginName: 'Local MCP Server', pluginId: 'local-mcp-server' };
const entry = (id: string, name: string): DirectoryEntry => ({ id, name, repo: 'someone/repo' });

describe('the community directory check', () => {
  test('our names pass the fixture list: names that only contain ours are no clash', () => {
    const run = spawnSync(
      process.execPath,
      [
        SCRIPT,
        '--file',
        join(FIXTURES, 'community-plugins.json'),
        '--removed-file',
        join(FIXTURES, 'community-plugins-removed.json'),
        '--skip-npm',
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      `The name "${PRODUCT_NAMES.pluginName}", the id "local-mcp-server"`,
    );
    expect(run.stdout).toContain('checked 3 plugins and 1 removed ones');
    expect(run.status).toBe(0);
  });

  test('the same name or id in any case is a clash, naming the entry', () => {
    const plugins = [entry('LOCAL-MCP-SERVER', 'Something'), entry('other', 'local mcp SERVER')];
    expect(directoryFindings(ours, plugins).problems).toEqual([
      'the id "local-mcp-server" is taken by "Something" (id LOCAL-MCP-SERVER, someone/repo)',
      'the name "Local MCP Server" is taken by "local mcp SERVER" (id other, someone/repo)',
    ]);
  });

  test('our own entry, once listed, is no clash', () => {
    const listed = [{ id: 'local-mcp-server', name: 'Local MCP Server', repo: 'Owner/Repo' }];
    expect(directoryFindings(ours, listed, [], 'owner/repo').problems).toEqual([]);
    expect(directoryFindings(ours, listed, [], 'someone/else').problems).toHaveLength(2);
  });

  test("a removed plugin's id stays taken; its name is a warning", () => {
    const removed = [{ id: 'local-mcp-server', name: 'Local MCP Server' }];
    expect(directoryFindings(ours, [], removed)).toEqual({
      problems: [
        'the id "local-mcp-server" belonged to the removed plugin "Local MCP Server" (id local-mcp-server)',
      ],
      warnings: [
        'the name "Local MCP Server" belonged to the removed plugin "Local MCP Server" (id local-mcp-server)',
      ],
    });
  });

  test('the first name fails against the fixture: another plugin is called "MCP Connector"', async () => {
    const plugins = JSON.parse(
      await readFile(join(FIXTURES, 'community-plugins.json'), 'utf8'),
    ) as DirectoryEntry[];
    expect(
      directoryFindings({ pluginName: 'MCP Connector', pluginId: 'mcp-connector' }, plugins)
        .problems,
    ).toEqual([
      'the name "MCP Connector" is taken by "MCP Connector" (id mcp-tools-istefox, example/mcp-connector)',
    ]);
  });

  test('the naming rules: no "obsidian" in the id or the name, no trailing "plugin"', () => {
    expect(namingRuleProblems(ours)).toEqual([]);
    expect(
      namingRuleProblems({ pluginName: 'Obsidian MCP Plugin', pluginId: 'obsidian-mcp-plugin' }),
    ).toEqual([
      'the id "obsidian-mcp-plugin" contains "obsidian"',
      'the id "obsidian-mcp-plugin" ends with "plugin"',
      'the name "Obsidian MCP Plugin" contains "Obsidian"',
      'the name "Obsidian MCP Plugin" ends with "Plugin"',
      'the name "Obsidian MCP Plugin" starts or ends with a part of "Obsidian"',
    ]);
    expect(namingRuleProblems({ pluginName: 'Notes', pluginId: 'My Notes' })).toEqual([
      'the id "My Notes" has characters other than a-z, 0-9, "-" and "_"',
    ]);
  });
});

describe('the npm registry check', () => {
  const e404 = JSON.stringify({
    error: { code: 'E404', summary: 'Not Found - GET https://registry.npmjs.org/local-mcp-server' },
  });

  test('E404 is free', () => {
    const answer = registryAnswerOf(1, e404);
    expect(answer).toEqual({ kind: 'absent' });
    expect(registryFindings('local-mcp-server', answer, null).problems).toEqual([]);
  });

  test('a package of our repository is ours; any other is taken', () => {
    const published = JSON.stringify({
      name: 'local-mcp-server',
      repository: { type: 'git', url: 'git+https://github.com/Owner/Repo.git' },
    });
    const answer = registryAnswerOf(0, published);
    expect(answer).toEqual({
      kind: 'present',
      repository: 'git+https://github.com/Owner/Repo.git',
    });
    expect(registryFindings('local-mcp-server', answer, 'owner/repo').problems).toEqual([]);
    expect(registryFindings('local-mcp-server', answer, 'someone/else').problems).toEqual([
      'the npm package "local-mcp-server" exists (git+https://github.com/Owner/Repo.git) and is not ours',
    ]);
    expect(registryFindings('local-mcp-server', answer, null).problems[0]).toContain(
      'give --repository OWNER/NAME if it is ours',
    );
  });

  test('a registry that cannot be asked is a problem, never a pass', () => {
    const offline = JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo failed' } });
    expect(registryFindings('x', registryAnswerOf(1, offline), null).problems).toEqual([
      'npm view x failed: getaddrinfo failed',
    ]);
    expect(registryFindings('x', registryAnswerOf(1, ''), null).problems).toEqual([
      'npm view x failed: npm view exited with 1',
    ]);
  });
});
