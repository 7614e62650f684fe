/**
 * The built-CLI run covers the e2e suite: every e2e file runs against the built CLI unless it is
 * listed, with its reason, in NOT_ON_BUILT_CLI, and every listed file exists.
 */
import { expect, test } from 'bun:test';
import { Glob } from 'bun';
import { join } from 'node:path';
import { NOT_ON_BUILT_CLI, builtCliSuite } from './test-built-cli.ts';

const E2E = join(import.meta.dir, '..', 'packages', 'headless', 'src', 'e2e');

test('every e2e file runs on the built CLI or says why not', () => {
  const all = [...new Glob('**/*.e2e.test.ts').scanSync(E2E)].sort();
  const listed = Object.keys(NOT_ON_BUILT_CLI);
  expect(listed.filter((file) => !all.includes(file))).toEqual([]);
  const suite = builtCliSuite();
  expect(suite.length + listed.length).toBe(all.length);
  expect(suite).toContain('packages/headless/src/e2e/tools/files.e2e.test.ts');
  expect(suite).toContain('packages/headless/src/e2e/tool-policy.e2e.test.ts');
});
