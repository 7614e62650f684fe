import { afterEach, describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { openTestHost, type TestHost } from '../../../../../host/test-support/test-host.ts';
import { readPeriodSettings } from './periodic-settings.ts';

let vault: TestHost;
afterEach(() => vault.close());

const PERIODIC_ON = { '.obsidian/community-plugins.json': '["calendar","periodic-notes"]' };
const periodicData = (settings: Record<string, unknown>) => ({
  '.obsidian/plugins/periodic-notes/data.json': JSON.stringify(settings),
});
const CORE = {
  '.obsidian/daily-notes.json': '{"folder":"Journal/","format":"DD.MM.YYYY","template":"T/Day"}',
};

describe('readPeriodSettings', () => {
  test('without any settings every period takes the defaults', async () => {
    vault = await openTestHost({});
    expect(await readPeriodSettings(vault.host, 'daily')).toEqual({
      format: 'YYYY-MM-DD',
      folder: '',
      template: '',
      source: 'defaults',
    });
    expect((await readPeriodSettings(vault.host, 'weekly')).format).toBe('gggg-[W]ww');
    expect((await readPeriodSettings(vault.host, 'quarterly')).format).toBe('YYYY-[Q]Q');
  });

  test('daily falls back to core Daily Notes; blank values take the defaults', async () => {
    vault = await openTestHost({ '.obsidian/daily-notes.json': '{"folder":" ","format":""}' });
    expect(await readPeriodSettings(vault.host, 'daily')).toMatchObject({
      format: 'YYYY-MM-DD',
      folder: '',
      source: 'daily-notes.json',
    });
  });

  test('an enabled period of the turned-on Periodic Notes plugin wins over core', async () => {
    vault = await openTestHost({
      ...CORE,
      ...PERIODIC_ON,
      ...periodicData({
        daily: { enabled: true, folder: 'P/Days', format: 'YYYY-MM-DD', template: '' },
        weekly: { enabled: false, folder: 'P/Weeks', format: 'YYYY-ww' },
        monthly: { enabled: true, folder: 'P/Months', format: '', template: 'T/Month.md' },
      }),
    });
    expect(await readPeriodSettings(vault.host, 'daily')).toMatchObject({
      folder: 'P/Days',
      source: 'plugins/periodic-notes/data.json',
    });
    expect(await readPeriodSettings(vault.host, 'monthly')).toMatchObject({
      folder: 'P/Months',
      format: 'YYYY-MM',
      template: 'T/Month.md',
    });
    // A disabled period is not Periodic Notes' to place.
    expect(await readPeriodSettings(vault.host, 'weekly')).toMatchObject({ source: 'defaults' });
  });

  test('Periodic Notes settings are ignored while the plugin is turned off', async () => {
    vault = await openTestHost({
      ...CORE,
      '.obsidian/community-plugins.json': '["calendar"]',
      ...periodicData({ daily: { enabled: true, folder: 'P/Days' } }),
    });
    expect(await readPeriodSettings(vault.host, 'daily')).toEqual({
      format: 'DD.MM.YYYY',
      folder: 'Journal/',
      template: 'T/Day',
      source: 'daily-notes.json',
    });
  });

  test('unknown keys (other plugin versions) are ignored', async () => {
    vault = await openTestHost({
      ...PERIODIC_ON,
      ...periodicData({ showGettingStartedBanner: false, calendarSets: [], daily: { x: 1 } }),
    });
    expect(await readPeriodSettings(vault.host, 'daily')).toMatchObject({ source: 'defaults' });
  });

  test.each([
    ['daily-notes.json', 'not json', 'daily-notes.json'],
    ['daily-notes.json', '{"folder":5}', 'daily-notes.json'],
    ['community-plugins.json', '{"periodic-notes":true}', 'community-plugins.json'],
  ])('an unusable %s is invalid_config naming the file', async (file, text, named) => {
    vault = await openTestHost({ [`.obsidian/${file}`]: text });
    let thrown: unknown;
    try {
      await readPeriodSettings(vault.host, 'daily');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolError);
    expect((thrown as ToolError).code).toBe('invalid_config');
    expect((thrown as ToolError).message).toContain(`.obsidian/${named}`);
  });
});
