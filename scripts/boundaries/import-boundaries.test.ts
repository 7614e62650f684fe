import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  MAX_LINES,
  describeViolation,
  findViolations,
  lineCount,
  readRepository,
  type CircleViolation,
  type SourceFile,
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

/** The import rules' findings for one file. */
function check(path: string, text: string) {
  return findViolations([{ path, text }], PACKAGES).flatMap((violation) =>
    'specifier' in violation ? [{ rule: violation.rule, specifier: violation.specifier }] : [],
  );
}

/** The circles found among files given as path -> text. */
function circlesIn(sources: Record<string, string>) {
  const files: SourceFile[] = Object.entries(sources).map(([path, text]) => ({ path, text }));
  return findViolations(files, PACKAGES).filter(
    (violation): violation is CircleViolation =>
      violation.rule === 'import-cycle' || violation.rule === 'feature-cycle',
  );
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

  test('no runtime imports go round in a circle', () => {
    const found = violations.filter((violation) => violation.rule === 'import-cycle');
    expect(found.map(describeViolation)).toEqual([]);
  });

  test('no features import each other in a circle', () => {
    const found = violations.filter((violation) => violation.rule === 'feature-cycle');
    expect(found.map(describeViolation)).toEqual([]);
  });

  test(`no source file is over ${MAX_LINES} lines`, () => {
    const found = violations.filter((violation) => violation.rule === 'long-file');
    expect(found.map((violation) => violation.file)).toEqual([]);
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

describe('import-cycle', () => {
  const a = 'packages/markdown/src/a.ts';
  const b = 'packages/markdown/src/b.ts';
  const c = 'packages/markdown/src/c.ts';

  test('runtime imports in a circle fail once, naming the circle and its imports', () => {
    const found = circlesIn({
      [a]: "import { b } from './b.ts';",
      [b]: "export { c } from './c.ts';",
      [c]: "const lazy = () => import('./a.ts');",
    });
    expect(found).toEqual([
      {
        rule: 'import-cycle',
        file: a,
        circle: [a, b, c],
        through: [`${a} imports './b.ts'`, `${b} imports './c.ts'`, `${c} imports './a.ts'`],
        knot: [a, b, c],
      },
    ]);
    expect(describeViolation(found[0] as CircleViolation)).toContain(
      `${a} -> ${b} -> ${c} -> ${a}`,
    );
  });

  test('a type-only import closes no circle of files, but does close one of features', () => {
    const journal = `${FEATURES}/change-journal/index.ts`;
    const tools = `${FEATURES}/mcp-tools/index.ts`;
    const typeOnly = [
      "import type { ChangeAccess } from '../change-journal/index.ts';",
      "export type { ChangeAccess } from '../change-journal/index.ts';",
      "let changes: import('../change-journal/index.ts').ChangeAccess;",
    ];
    for (const text of typeOnly) {
      const found = circlesIn({
        [journal]: "import { x } from '../mcp-tools/index.ts';",
        [tools]: text,
      });
      expect(found.map((violation) => violation.rule)).toEqual(['feature-cycle']);
    }
  });

  test('an import of types only by inline `type` still loads the module (verbatimModuleSyntax)', () => {
    const found = circlesIn({
      [a]: "import { b } from './b.ts';",
      [b]: "import { type A } from './a.ts';",
    });
    expect(found.map((violation) => violation.circle)).toEqual([[a, b]]);
  });

  test('crossing circles are one knot, reported once with every file in it', () => {
    const found = circlesIn({
      [a]: "import './b.ts';",
      [b]: "import './a.ts';\nimport './c.ts';",
      [c]: "import './b.ts';",
    });
    expect(found.map(({ circle, knot }) => ({ circle, knot }))).toEqual([
      { circle: [a, b], knot: [a, b, c] },
    ]);
    expect(describeViolation(found[0] as CircleViolation)).toContain(`knot also holds ${c}`);
  });
});

describe('feature-cycle', () => {
  const journal = `${FEATURES}/change-journal/services/path-state.ts`;
  const tools = `${FEATURES}/mcp-tools/call-tool.ts`;

  test('features that import each other fail, a type-only import included', () => {
    const found = circlesIn({
      [journal]: "import { fileKind } from '../../mcp-tools/index.ts';",
      [tools]: "import type { ChangeAccess } from '../change-journal/index.ts';",
    });
    expect(found).toEqual([
      {
        rule: 'feature-cycle',
        file: `${FEATURES}/change-journal/`,
        circle: ['change-journal', 'mcp-tools'],
        through: [
          `${journal} imports '../../mcp-tools/index.ts'`,
          `${tools} imports '../change-journal/index.ts'`,
        ],
        knot: ['change-journal', 'mcp-tools'],
      },
    ]);
  });

  test('one way is fine, and tests may drive their feature through one built on it', () => {
    const test = `${FEATURES}/change-journal/services/change-journal.test.ts`;
    const support = `${FEATURES}/change-journal/test-support/calls.ts`;
    const typeOnly = "import type { ChangeAccess } from '../change-journal/index.ts';";
    expect(circlesIn({ [tools]: typeOnly })).toEqual([]);
    const calls = "import { callTool } from '../../mcp-tools/index.ts';";
    expect(circlesIn({ [tools]: typeOnly, [test]: calls, [support]: calls })).toEqual([]);
  });
});

describe('long-file', () => {
  const lines = (count: number) => 'const x = 1;\n'.repeat(count);

  test(`a source file over ${MAX_LINES} lines fails, tests included`, () => {
    for (const path of ['packages/headless/src/big.ts', 'scripts/bench/big.test.ts']) {
      expect(findViolations([{ path, text: lines(501) }], PACKAGES)).toEqual([
        { rule: 'long-file', file: path, lines: 501 },
      ]);
    }
    expect(findViolations([{ path: 'scripts/x.ts', text: lines(500) }], PACKAGES)).toEqual([]);
  });

  test('lines are counted as wc -l counts them, plus an unterminated last line', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});
