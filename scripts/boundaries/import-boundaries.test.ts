import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  describeViolation,
  findViolations,
  readRepository,
  type WorkspacePackage,
} from './import-boundaries.ts';

const FEATURES = 'packages/obsidian-plugin/src/features';

const PACKAGES: WorkspacePackage[] = [
  { name: '@mcp-connector/headless', folder: 'packages/headless', exports: {} },
  {
    name: '@mcp-connector/obsidian-plugin',
    folder: 'packages/obsidian-plugin',
    exports: {
      './tool-policy': './src/features/tool-policy/index.ts',
      './internals': './src/features/tool-policy/services/tool-scope.ts',
    },
  },
];

function check(path: string, text: string) {
  return findViolations([{ path, text }], PACKAGES).map((violation) => ({
    rule: violation.rule,
    specifier: violation.specifier,
  }));
}

describe('the repository', () => {
  const root = join(import.meta.dir, '..', '..');
  const { files, packages } = readRepository(root);
  const violations = findViolations(files, packages);

  test('reads the sources of every package and the scripts', () => {
    for (const folder of ['packages/obsidian-plugin/', 'packages/headless/', 'scripts/'])
      expect(files.some((file) => file.path.startsWith(folder))).toBe(true);
    expect(files.some((file) => file.path.endsWith('/connector.ts'))).toBe(true);
  });

  test("no code reaches into another feature's internals", () => {
    const found = violations.filter((violation) => violation.rule === 'feature-internals');
    expect(found.map(describeViolation)).toEqual([]);
  });

  test('no plugin file, test or not, imports the headless package', () => {
    const found = violations.filter((violation) => violation.rule === 'plugin-imports-headless');
    // Give the test a plugin-side host: host/test-support/test-host.ts (ADR-0011).
    expect(found.map(describeViolation)).toEqual([]);
  });
});

describe('feature-internals', () => {
  const refusals = `${FEATURES}/mcp-transport/services/call-refusals.ts`;

  test('an import of a file inside another feature fails, in every import form', () => {
    const source = [
      "import { failureResult } from '../../mcp-tools/tool-output.ts';",
      "import type { Tool } from '../../mcp-tools/define-tool.ts';",
      "export { toolListing } from '../../mcp-tools/tool-listing.ts';",
      "const lazy = await import('../../mcp-tools/call-tool.ts');",
    ].join('\n');
    expect(check(refusals, source)).toEqual([
      { rule: 'feature-internals', specifier: '../../mcp-tools/tool-output.ts' },
      { rule: 'feature-internals', specifier: '../../mcp-tools/define-tool.ts' },
      { rule: 'feature-internals', specifier: '../../mcp-tools/tool-listing.ts' },
      { rule: 'feature-internals', specifier: '../../mcp-tools/call-tool.ts' },
    ]);
  });

  test("a feature's index.ts and components/index.ts are its entries", () => {
    const source = [
      "import { failureResult } from '../../mcp-tools/index.ts';",
      "import { ModalPermissionPrompt } from '../../command-permissions/components/index.ts';",
    ].join('\n');
    expect(check(refusals, source)).toEqual([]);
    const modal = "import { X } from '../../command-permissions/components/permission-modal.ts';";
    expect(check(refusals, modal)).toHaveLength(1);
  });

  test('a feature imports its own files freely', () => {
    const source = "import { callTool } from '../call-tool.ts';";
    expect(check(`${FEATURES}/mcp-tools/services/file-read.ts`, source)).toEqual([]);
  });

  test('code outside the features counts too, and package exports are resolved', () => {
    expect(
      check('packages/obsidian-plugin/src/main.ts', "import './features/prompts/services/x.ts';"),
    ).toHaveLength(1);
    const viaExports = "import { toolScope } from '@mcp-connector/obsidian-plugin/internals';";
    expect(check('packages/headless/src/serve.ts', viaExports)).toEqual([
      { rule: 'feature-internals', specifier: '@mcp-connector/obsidian-plugin/internals' },
    ]);
    const entry = "import { x } from '@mcp-connector/obsidian-plugin/tool-policy';";
    expect(check('packages/headless/src/serve.ts', entry)).toEqual([]);
  });

  test('test-support folders are open to tests and scripts, closed to shipped code', () => {
    const source = "import { runTool } from '../../mcp-tools/test-support/run-tool.ts';";
    expect(check(`${FEATURES}/mcp-apps/view/render.test.ts`, source)).toEqual([]);
    expect(check(`${FEATURES}/mcp-apps/test-support/hosts.ts`, source)).toEqual([]);
    expect(check(`${FEATURES}/mcp-apps/view/render.ts`, source)).toHaveLength(1);
    const fromScript = `import { runTool } from '../../${FEATURES}/mcp-tools/test-support/run-tool.ts';`;
    expect(check('scripts/bench/search.ts', fromScript)).toEqual([]);
  });

  test("a Svelte component's script imports are checked", () => {
    const component = [
      '<script lang="ts">',
      "  import { scope } from '../../tool-policy/services/tool-scope.ts';",
      '</script>',
      '<p>{scope}</p>',
    ].join('\n');
    expect(check(`${FEATURES}/settings/components/Tokens.svelte`, component)).toEqual([
      { rule: 'feature-internals', specifier: '../../tool-policy/services/tool-scope.ts' },
    ]);
  });
});

describe('plugin-imports-headless', () => {
  const pluginTest = `${FEATURES}/mcp-tools/tools/files/get-vault-file.test.ts`;

  test('a plugin file, test or not, that imports the headless package fails', () => {
    const source = [
      "import { openTestHost } from '@mcp-connector/headless/test-support';",
      "import { NodeHost } from '../../../../../../headless/src/node-host/node-host.ts';",
    ].join('\n');
    expect(check(pluginTest, source)).toEqual([
      { rule: 'plugin-imports-headless', specifier: '@mcp-connector/headless/test-support' },
      {
        rule: 'plugin-imports-headless',
        specifier: '../../../../../../headless/src/node-host/node-host.ts',
      },
    ]);
    const shipped = "import { NodeHost } from '@mcp-connector/headless';";
    expect(check('packages/obsidian-plugin/src/connector.ts', shipped)).toHaveLength(1);
    expect(check('packages/obsidian-sim/src/obsidian/vault.ts', shipped)).toHaveLength(1);
  });

  test('headless importing the plugin is the intended direction', () => {
    const source = "import { x } from '@mcp-connector/obsidian-plugin/tool-policy';";
    expect(check('packages/headless/src/serve.ts', source)).toEqual([]);
  });
});
