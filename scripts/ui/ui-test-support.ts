/**
 * What every Chromium test of the plugin's UI shares: the suite that runs only where Chromium
 * is (and fails under CI=true without it), a harness per test (stopped after it), locators for a
 * section and a token row, and waiting for a condition (in the page or in the test process),
 * never for a fixed time.
 */
import { afterEach, describe, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { chromiumStatus } from './chromium.ts';
import {
  startSettingsHarness,
  type HarnessOptions,
  type SettingsHarness,
} from './settings-harness.ts';

/** `describe` where Chromium is installed; elsewhere a skip with one line (a failure on CI). */
export function chromiumSuite(what: string): typeof describe | typeof describe.skip {
  const chromium = chromiumStatus();
  if (chromium.available) return describe;
  if (chromium.mustFail)
    test('Chromium is installed (CI=true)', () => {
      throw new Error(chromium.message);
    });
  else console.log(`Skipping ${what}: ${chromium.message}`);
  return describe.skip;
}

/**
 * Call at the top of a test file; `start` in a test gives a harness that is stopped after it:
 * the settings tab's, or the one `startHarness` starts (the Recent AI changes view's).
 */
export function harnessPerTest(): PerTest<SettingsHarness, HarnessOptions>;
export function harnessPerTest<H extends Stoppable, O>(
  startHarness: (options?: O) => Promise<H>,
): PerTest<H, O>;
export function harnessPerTest(
  startHarness: (options?: never) => Promise<Stoppable> = startSettingsHarness,
): PerTest<Stoppable, never> {
  let running: Stoppable | null = null;
  afterEach(async () => {
    await running?.stop();
    running = null;
  });
  return {
    async start(options) {
      running = await startHarness(options);
      return running;
    },
  };
}

interface Stoppable {
  stop(): Promise<void>;
}

interface PerTest<H, O> {
  start(options?: O): Promise<H>;
}

export const section = (page: Page, id: string) => page.locator(`[data-section="${id}"]`);
export const tokenRow = (page: Page, id: string) => page.locator(`[data-token-id="${id}"]`);

/** Waits until the element shows this text (Playwright polls the page, 30 s at most). */
export async function showing(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}
