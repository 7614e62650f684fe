import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { executeDataviewQuery } from './execute-dataview-query.ts';
import { searchVault } from './search-vault.ts';
import { closeSearchServices } from './index.ts';
import { dataview, hostWithDataview } from './test-support/dataview-double.ts';

const FILES = {
  'Projects/Alpha.md':
    '---\nstatus: active\npriority: 2\ntags: [project]\n---\n# Alpha\nBudget review',
  'Projects/Beta.md': '---\nstatus: done\npriority: 5\n---\nBeta #project/closed',
  'Projects/Notes/Gamma.md': 'STATUS: none\nmeeting notes #idea',
  'Journal/2024-03-01.md': 'Met Alpha team. #journal',
  'data.csv': 'status,active',
  '.hidden/Secret.md': '---\nstatus: active\n---\n',
};

let vault: TestHost;
beforeAll(async () => {
  vault = await openTestHost(FILES);
});
afterAll(async () => {
  closeSearchServices(vault.host);
  await vault.close();
});

const find = async (query: unknown) =>
  (await runOk(searchVault, vault.host, { query, queryType: 'jsonlogic' })).paths;
const failing = (query: unknown) =>
  runFail(searchVault, vault.host, { query, queryType: 'jsonlogic' });

describe('search_vault with jsonlogic', () => {
  test('matches on path, frontmatter, tags and content, paths sorted', async () => {
    expect(await find({ glob: ['Projects/*.md', { var: 'path' }] })).toEqual([
      'Projects/Alpha.md',
      'Projects/Beta.md',
    ]);
    expect(await find({ '==': [{ var: 'frontmatter.status' }, 'active'] })).toEqual([
      'Projects/Alpha.md',
    ]);
    expect(await find({ '>=': [{ var: 'frontmatter.priority' }, 3] })).toEqual([
      'Projects/Beta.md',
    ]);
    expect(await find({ in: ['project/closed', { var: 'tags' }] })).toEqual(['Projects/Beta.md']);
    expect(await find({ some: [{ var: 'tags' }, { regexp: ['^proj', { var: '' }] }] })).toEqual([
      'Projects/Alpha.md',
      'Projects/Beta.md',
    ]);
    expect(await find({ in: ['Alpha', { var: 'content' }] })).toEqual([
      'Journal/2024-03-01.md',
      'Projects/Alpha.md',
    ]);
  });

  test('regexp over content with flags; stat is there to compare', async () => {
    expect(await find({ regexp: ['^status: ', { var: 'content' }, 'im'] })).toEqual([
      'Projects/Alpha.md',
      'Projects/Beta.md',
      'Projects/Notes/Gamma.md',
    ]);
    expect(await find({ '>': [{ var: 'stat.size' }, 60] })).toEqual(['Projects/Alpha.md']);
  });

  test('the rule may be JSON text; a rule that is just true lists every note', async () => {
    expect(await find('{"glob": ["Journal/**", {"var": "path"}]}')).toEqual([
      'Journal/2024-03-01.md',
    ]);
    const all = await runOk(searchVault, vault.host, {
      query: 'true',
      queryType: 'jsonlogic',
      limit: 2,
    });
    expect(all).toEqual({
      queryType: 'jsonlogic',
      paths: ['Journal/2024-03-01.md', 'Projects/Alpha.md'],
      total: 4,
      truncated: true,
    });
  });

  test('sees an edit made through the host at once', async () => {
    await vault.host.process('Projects/Notes/Gamma.md', () => 'now with Budget');
    expect(await find({ in: ['Budget', { var: 'content' }] })).toEqual([
      'Projects/Alpha.md',
      'Projects/Notes/Gamma.md',
    ]);
  });

  test('refuses bad rules before or while evaluating, changing nothing', async () => {
    const before = await snapshotVault(vault.root);
    expect((await failing('{not json')).code).toBe('invalid_query');
    expect(await failing({ contains: [{ var: 'content' }, 'x'] })).toMatchObject({
      code: 'invalid_query',
      details: { operator: 'contains' },
    });
    expect((await failing({ log: 'x' })).code).toBe('invalid_query');
    expect((await failing({ regexp: ['(a)\\1', { var: 'content' }] })).code).toBe(
      'unsupported_regex',
    );
    expect(await failing({ missing_some: [1, null] })).toMatchObject({
      code: 'invalid_query',
      details: { path: 'Journal/2024-03-01.md' },
    });
    let deep: unknown = true;
    for (let level = 0; level < 100; level++) deep = { '!': deep };
    expect((await failing(deep)).code).toBe('invalid_query');
    expect((await runFail(searchVault, vault.host, { query: 'true', queryType: 'sql' })).code).toBe(
      'invalid_arguments',
    );
    expect((await runFail(searchVault, vault.host, { query: 'true' })).code).toBe(
      'invalid_arguments',
    );
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});

describe('search_vault with dataview', () => {
  test('answers exactly as execute_dataview_query does', async () => {
    const host = hostWithDataview(
      vault.host,
      dataview.succeeding({ type: 'list', values: ['a', 'b', 'c'] }),
    );
    const direct = await runOk(executeDataviewQuery, host, { query: 'LIST', limit: 2 });
    expect(
      await runOk(searchVault, host, { query: 'LIST', queryType: 'dataview', limit: 2 }),
    ).toEqual({ queryType: 'dataview', ...direct });
  });

  test('fails the same way, and needs DQL text', async () => {
    expect(
      (await runFail(searchVault, vault.host, { query: 'LIST', queryType: 'dataview' })).code,
    ).toBe('dataview_not_installed');
    const notReady = hostWithDataview(vault.host, dataview.notReady());
    expect(
      (await runFail(searchVault, notReady, { query: 'LIST', queryType: 'dataview' })).code,
    ).toBe('dataview_not_ready');
    expect(
      (await runFail(searchVault, vault.host, { query: { var: 'x' }, queryType: 'dataview' })).code,
    ).toBe('invalid_arguments');
  });
});
