/**
 * Debian's Chromium driven by playwright-core: nothing downloads a browser. Each launch gets a
 * fresh profile folder, removed on close. When Chromium is missing, tests skip with one line,
 * except under CI=true, where they fail saying how to install it (.ci/run installs it).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ChromiumStatus =
  { available: true } | { available: false; message: string; mustFail: boolean };

export function chromiumStatus(): ChromiumStatus {
  if (existsSync(CHROMIUM_PATH)) return { available: true };
  return {
    available: false,
    message: `Chromium is not installed at ${CHROMIUM_PATH}; install it with: apt-get update && apt-get install -y chromium`,
    mustFail: process.env.CI === 'true',
  };
}

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(
  viewport = { width: 1280, height: 900 },
): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'mcp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
    acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
