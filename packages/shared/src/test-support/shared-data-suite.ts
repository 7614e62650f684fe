/**
 * Tests that use the material beside the repository (../shared, or MCP_CONNECTOR_SHARED) as an
 * oracle go through `describeWithSharedData`. When the data is there, it is an ordinary
 * describe. When it is not, the body never runs: the suite is one skipped test whose name says
 * what is missing and how to get it. Under CI (CI=true), where the data must be present, it is
 * one failing test instead, so a CI run can never pass by skipping the oracle.
 */
import { describe, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { CAPTURED_FIXTURES, SHARED, TASKS_DEMO } from './shared-data.ts';

export interface SharedData {
  label: string;
  path: string;
}

export const TASKS_DEMO_VAULT: SharedData = { label: 'the tasks-demo vault', path: TASKS_DEMO };
export const CAPTURED_METADATA: SharedData = {
  label: 'the metadata captured from Obsidian',
  path: CAPTURED_FIXTURES,
};

/** True on CI, where skipping an oracle test is a failure (CI=true or CI=1, as CI services set). */
export function onCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true' || env.CI === '1';
}

/** One line naming what is missing and how to get it; null when everything is there. */
export function missingSharedData(needs: readonly SharedData[]): string | null {
  const missing = needs.filter((data) => !existsSync(data.path));
  if (missing.length === 0) return null;
  const where =
    process.env.MCP_CONNECTOR_SHARED === undefined ? '../shared' : '$MCP_CONNECTOR_SHARED';
  const what = missing
    .map((data) => `${data.label} (${where}/${relative(SHARED, data.path)})`)
    .join(' and ');
  return `needs ${what}: put the shared test data beside the repository as ../shared, or set MCP_CONNECTOR_SHARED to its folder`;
}

export function describeWithSharedData(
  name: string,
  needs: readonly SharedData[],
  body: () => void,
): void {
  const missing = missingSharedData(needs);
  if (missing === null) describe(name, body);
  else if (onCi()) {
    test(`${name}: ${missing}`, () => {
      throw new Error(`CI=true runs every oracle test, but this one ${missing}`);
    });
  } else test.skip(`${name}: skipped, ${missing}`, () => undefined);
}
