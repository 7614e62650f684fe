import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import moment from 'moment';
import type { MomentFactory } from '../../../../host/vault-host.ts';
import { overrideHost } from '../../../../host/test-support/host-double.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getOrCreatePeriodicNoteTool } from './get-or-create-periodic-note.ts';

/** Wednesday 14 August 2024: "today" for every test here. */
const tool = getOrCreatePeriodicNoteTool(() => new Date(2024, 7, 14, 18, 30));

const PERIODIC = {
  '.obsidian/community-plugins.json': '["periodic-notes"]',
  '.obsidian/daily-notes.json': '{"folder":"Core"}',
  '.obsidian/plugins/periodic-notes/data.json': JSON.stringify({
    daily: { enabled: true, folder: 'Days', format: 'YYYY-MM-DD', template: '' },
    weekly: { enabled: true, folder: 'Weeks', format: '', template: 'T/Week' },
    monthly: { enabled: true, folder: 'Months', format: 'YYYY/MMMM', template: '' },
    quarterly: { enabled: false, folder: 'Quarters', format: '', template: '' },
  }),
  'T/Week.md': 'Week {{title}} from {{date:YYYY-MM-DD}}',
};

let vault: TestHost;
afterEach(() => vault.close());

const path = async (period: string, date?: string) =>
  (await runOk(tool, vault.host, date === undefined ? { period } : { period, date })).path;

describe('get_or_create_periodic_note', () => {
  test.each([
    ['daily', '2024-08-14.md'],
    ['weekly', '2024-W33.md'],
    ['monthly', '2024-08.md'],
    ['quarterly', '2024-Q3.md'],
    ['yearly', '2024.md'],
  ])('%s without settings: the default format at the vault root', async (period, expected) => {
    vault = await openTestHost({});
    expect(await path(period)).toBe(expected);
  });

  test('each enabled period follows its Periodic Notes settings; disabled ones the defaults', async () => {
    vault = await openTestHost(PERIODIC);
    expect(await path('daily')).toBe('Days/2024-08-14.md');
    expect(await path('monthly', '2024-12-31')).toBe('Months/2024/December.md');
    expect(await path('quarterly')).toBe('2024-Q3.md');
  });

  test('a weekly note starts on the week start, whatever day of the week is given', async () => {
    vault = await openTestHost(PERIODIC);
    const first = await runOk(tool, vault.host, { period: 'weekly', date: '2024-08-17' });
    expect(first).toMatchObject({
      path: 'Weeks/2024-W33.md',
      created: true,
      content: 'Week 2024-W33 from 2024-08-11',
    });
    expect(await runOk(tool, vault.host, { period: 'weekly', date: '2024-08-11' })).toMatchObject({
      path: 'Weeks/2024-W33.md',
      created: false,
    });
  });

  test('week years follow the locale week: 31 December 2024 is in week 1 of 2025', async () => {
    vault = await openTestHost({});
    expect(await path('weekly', '2024-12-31')).toBe('2025-W01.md');
  });

  test("weeks follow the host's moment: where Monday starts the week, Sunday ends week 33", async () => {
    vault = await openTestHost(PERIODIC);
    const mondayFirst = mondayFirstMoment();
    const host = overrideHost(vault.host, { loadMoment: () => Promise.resolve(mondayFirst) });
    expect(await runOk(tool, host, { period: 'weekly', date: '2024-08-18' })).toMatchObject({
      path: 'Weeks/2024-W33.md',
      content: 'Week 2024-W33 from 2024-08-12',
    });
    expect(await path('weekly', '2024-08-18')).toBe('Weeks/2024-W34.md');
  });

  test.each([
    ['no period', {}],
    ['an unknown period', { period: 'hourly' }],
    ['a bad date', { period: 'weekly', date: '2024-13-01' }],
  ] as const)('refuses %s and creates nothing', async (_name, args) => {
    vault = await openTestHost(PERIODIC);
    const before = await snapshotVault(vault.root);
    expect((await runFail(tool, vault.host, { ...args })).code).toBe('invalid_arguments');
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});

/** Moment in a Monday-first locale (as Obsidian's is for, say, a German user), leaving the global locale alone. */
function mondayFirstMoment(): MomentFactory {
  const name = 'x-monday-first';
  if (!moment.locales().includes(name)) {
    moment.defineLocale(name, { parentLocale: 'en', week: { dow: 1, doy: 4 } });
    moment.locale('en');
  }
  const localised = (...args: Parameters<MomentFactory>) => moment(...args).locale(name);
  return localised as MomentFactory;
}
