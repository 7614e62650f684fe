/**
 * Every e2e file says where it runs: against the built CLI too (ON_BUILT_CLI) or in process only
 * (IN_PROCESS_ONLY), never both, and every listed file exists.
 */
import { expect, test } from 'bun:test';
import { IN_PROCESS_ONLY, ON_BUILT_CLI, builtCliSuite, e2eFiles } from './test-built-cli.ts';

test('every e2e file is in exactly one of the lists, and every listed file exists', () => {
  const all = e2eFiles();
  const built = Object.keys(ON_BUILT_CLI);
  const inProcess = Object.keys(IN_PROCESS_ONLY);
  expect([...built, ...inProcess].filter((file) => !all.includes(file))).toEqual([]);
  expect(built.filter((file) => inProcess.includes(file))).toEqual([]);
  expect(all.filter((file) => !built.includes(file) && !inProcess.includes(file))).toEqual([]);
});

test('the built-CLI run covers the transport and the bundle', () => {
  const suite = builtCliSuite();
  expect(suite).toContain('packages/headless/src/e2e/transport.e2e.test.ts');
  expect(suite).toContain('packages/headless/src/e2e/warm-restart.e2e.test.ts');
  expect(suite.every((file) => file.startsWith('packages/headless/src/e2e/'))).toBe(true);
});
