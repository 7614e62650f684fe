import { describe, expect, test } from 'bun:test';
import { searchViewMeta, type SearchViewData } from '../services/search-view-data.ts';
import { obsidianUrl, renderView, stateFromToolResult, toHtml, type ViewState } from './render.ts';

const html = (state: ViewState) => toHtml(renderView(state));
const results = (data: SearchViewData) => html({ kind: 'results', data });

const smart: SearchViewData = {
  vault: 'tasks-demo',
  query: 'kanban board',
  rows: [
    {
      path: 'Test Data/example_kanban.md',
      heading: null,
      score: 0.99194,
      excerpt: 'kanban-plugin: basic',
    },
    { path: 'Styling/Board.md', heading: 'Columns', score: 0.5, excerpt: 'Lanes of cards' },
  ],
  total: 2,
};

describe('the ranked list', () => {
  test('semantic hits: rank, path as a link into Obsidian, score, heading, excerpt, in order', () => {
    const out = results(smart);
    expect(out).toStartWith(
      '<header class="summary">2 results for <q class="query">kanban board</q> in <span class="vault">tasks-demo</span></header><ol class="hits">',
    );
    expect(out).toContain(
      '<li class="hit"><div class="title"><span class="rank">1</span><a class="path" href="obsidian://open?vault=tasks-demo&amp;file=Test%20Data%2Fexample_kanban.md">Test Data/example_kanban.md</a><span class="score">0.992</span></div><p class="excerpt">kanban-plugin: basic</p></li>',
    );
    expect(out).toContain(
      '<span class="rank">2</span><a class="path" href="obsidian://open?vault=tasks-demo&amp;file=Styling%2FBoard.md">Styling/Board.md</a><span class="score">0.500</span></div><div class="heading">Columns</div><p class="excerpt">Lanes of cards</p>',
    );
    expect(out.indexOf('example_kanban')).toBeLessThan(out.indexOf('Board.md'));
    expect(out).not.toContain('class="more"');
  });

  test('text hits show the 1-based line an editor shows, no score, and how many were left out', () => {
    const out = results({
      vault: 'v',
      query: 'due',
      rows: [{ path: 'a.md', line: 0, excerpt: 'due today' }],
      total: 3,
    });
    expect(out).toContain('1 result for');
    expect(out).toContain('<p class="more">Showing the first 1 of 3 matches.</p>');
    expect(out).toContain('<div class="line">line 1</div><p class="excerpt">due today</p>');
    expect(out).not.toContain('class="score"');
  });

  test('the empty state names the vault and the query', () => {
    expect(results({ vault: 'My Vault', query: 'zebra', rows: [], total: 0 })).toBe(
      '<p class="notice empty">No notes in the vault <span class="vault">My Vault</span> match <q class="query">zebra</q>.</p>',
    );
  });

  test('every value from the result is escaped, in text and in the link', () => {
    const out = results({
      vault: 'a"b',
      query: '<img src=x onerror=alert(1)>',
      rows: [{ path: '<b>.md', heading: '& "h"', score: 1, excerpt: "<script>x('y')</script>" }],
      total: 1,
    });
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;script&gt;x(&#39;y&#39;)&lt;/script&gt;');
    expect(out).toContain('<div class="heading">&amp; &quot;h&quot;</div>');
    expect(out).toContain('href="obsidian://open?vault=a%22b&amp;file=%3Cb%3E.md"');
  });

  test('obsidianUrl encodes the vault and the path', () => {
    expect(obsidianUrl('My Vault', 'Daily/2024 #1.md')).toBe(
      'obsidian://open?vault=My%20Vault&file=Daily%2F2024%20%231.md',
    );
  });
});

describe('the other states', () => {
  test('waiting, cancelled, disconnected and no data each say so', () => {
    expect(html({ kind: 'waiting' })).toBe('<p class="notice waiting">Searching the vault…</p>');
    expect(html({ kind: 'cancelled' })).toContain('cancelled');
    expect(html({ kind: 'disconnected' })).toContain('could not connect');
    expect(html({ kind: 'no-data' })).toContain('no rows');
  });

  test('a failed call shows the tool message, escaped', () => {
    expect(html({ kind: 'failed', message: 'index_building <50%>' })).toBe(
      '<p class="notice failed">The search failed: index_building &lt;50%&gt;</p>',
    );
  });
});

describe('stateFromToolResult', () => {
  test('a success with the rows in _meta shows them', () => {
    expect(stateFromToolResult({ structuredContent: {}, _meta: searchViewMeta(smart) })).toEqual({
      kind: 'results',
      data: smart,
    });
  });

  test('a failure shows its message and ignores any _meta', () => {
    const failure = {
      isError: true,
      structuredContent: { code: 'index_building', message: 'Indexing: 3 of 9 notes.' },
      _meta: searchViewMeta(smart),
    };
    expect(stateFromToolResult(failure)).toEqual({
      kind: 'failed',
      message: 'Indexing: 3 of 9 notes.',
    });
    expect(stateFromToolResult({ isError: true })).toEqual({
      kind: 'failed',
      message: 'no message',
    });
  });

  test('a success without the rows (another tool, a host that drops _meta) has no data', () => {
    expect(stateFromToolResult({ structuredContent: { hits: [] } })).toEqual({ kind: 'no-data' });
  });
});
