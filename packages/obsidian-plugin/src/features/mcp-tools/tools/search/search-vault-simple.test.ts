import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { searchVaultSimple } from './search-vault-simple.ts';
import { closeSearchServices } from './index.ts';

let vault: TestHost;
afterEach(async () => {
  closeSearchServices(vault.host);
  await vault.close();
});

const search = (args: Record<string, unknown>) => runOk(searchVaultSimple, vault.host, args);

describe('search_vault_simple', () => {
  test('finds every occurrence in any case, ordered by path then line, with 0-based lines', async () => {
    vault = await openTestHost({
      'b.md': 'nothing here\nA Garden\nthe garden again',
      'a.md': '---\ntitle: GARDEN party\n---\nbody',
      'Sub/c.md': 'no match',
    });
    expect(await search({ query: 'garden', contextLength: 4 })).toEqual({
      query: 'garden',
      hits: [
        { path: 'a.md', line: 1, excerpt: 'le: GARDEN par' },
        { path: 'b.md', line: 1, excerpt: 'e\nA Garden\nthe' },
        { path: 'b.md', line: 2, excerpt: 'the garden aga' },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('counts every hit but describes only the first `limit`', async () => {
    vault = await openTestHost({ 'n.md': 'x x x\nx x', 'm.md': 'x' });
    const result = await search({ query: 'X', limit: 2, contextLength: 0 });
    expect(result).toEqual({
      query: 'X',
      hits: [
        { path: 'm.md', line: 0, excerpt: 'x' },
        { path: 'n.md', line: 0, excerpt: 'x' },
      ],
      total: 6,
      truncated: true,
    });
  });

  test('occurrences do not overlap, and a query can span lines', async () => {
    vault = await openTestHost({ 'n.md': 'aaaa\nend of one\nstart of two' });
    expect((await search({ query: 'aa' })).total).toBe(2);
    expect(await search({ query: 'ONE\nSTART', contextLength: 3 })).toMatchObject({
      hits: [{ path: 'n.md', line: 1, excerpt: 'of one\nstart of' }],
      total: 1,
    });
  });

  test('searches only visible notes: no other files, no hidden folders', async () => {
    vault = await openTestHost({
      'n.md': 'needle',
      'data.txt': 'needle',
      'board.canvas': '{"nodes":[{"text":"needle"}]}',
      '.hidden/h.md': 'needle',
      '.obsidian/app.json': '{"needle":true}',
    });
    expect(await search({ query: 'needle', contextLength: 0 })).toEqual({
      query: 'needle',
      hits: [{ path: 'n.md', line: 0, excerpt: 'needle' }],
      total: 1,
      truncated: false,
    });
  });

  test('folds case beyond ASCII without shifting excerpts or splitting characters', async () => {
    vault = await openTestHost({ 'n.md': '😀İSTANBUL😀 and ΟΔΟΣ' });
    expect(await search({ query: 'istanbul', contextLength: 1 })).toMatchObject({
      hits: [{ excerpt: '😀İSTANBUL😀' }],
    });
    expect(await search({ query: 'οδος', contextLength: 0 })).toMatchObject({
      hits: [{ excerpt: 'ΟΔΟΣ' }],
    });
  });

  test('a large contextLength is clamped, not refused; excerpts stop at the note edges', async () => {
    vault = await openTestHost({ 'n.md': 'ab needle cd' });
    expect(await search({ query: 'needle', contextLength: 1_000_000 })).toMatchObject({
      hits: [{ excerpt: 'ab needle cd' }],
    });
  });

  test('no match is an empty list, not an error', async () => {
    vault = await openTestHost({ 'n.md': 'text' });
    expect(await search({ query: 'absent' })).toEqual({
      query: 'absent',
      hits: [],
      total: 0,
      truncated: false,
    });
  });

  test('refuses an empty query and bad arguments, changing nothing', async () => {
    vault = await openTestHost({ 'n.md': 'text' });
    const before = await snapshotVault(vault.root);
    const empty = await runFail(searchVaultSimple, vault.host, { query: '' });
    expect(empty.code).toBe('invalid_arguments');
    expect(empty.message).toContain('query is empty');
    for (const args of [
      {},
      { query: 'x', limit: 0 },
      { query: 'x', contextLength: -1 },
      { query: 'x', path: 'n.md' },
    ]) {
      expect((await runFail(searchVaultSimple, vault.host, args)).code).toBe('invalid_arguments');
    }
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
