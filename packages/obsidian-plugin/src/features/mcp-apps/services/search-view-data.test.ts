import { describe, expect, test } from 'bun:test';
import {
  SEARCH_VIEW_META_KEY,
  readSearchViewData,
  searchViewMeta,
  type SearchViewData,
} from './search-view-data.ts';

const smart: SearchViewData = {
  vault: 'tasks-demo',
  query: 'kanban board',
  rows: [
    { path: 'Test Data/example_kanban.md', heading: null, score: 0.99, excerpt: 'kanban-plugin' },
    { path: 'Styling/Board.md', heading: 'Columns', score: 0.5, excerpt: 'lanes' },
  ],
  total: 2,
};

describe('the view data in a result _meta', () => {
  test('round-trips through the prefixed key, rows in their order', () => {
    const meta = searchViewMeta(smart);
    expect(Object.keys(meta)).toEqual([SEARCH_VIEW_META_KEY]);
    expect(SEARCH_VIEW_META_KEY).toBe('mcp-connector/search');
    expect(readSearchViewData(JSON.parse(JSON.stringify(meta)))).toEqual(smart);
  });

  test('text hits keep their line and carry no score or heading', () => {
    const simple = {
      vault: 'v',
      query: 'due',
      rows: [{ path: 'a.md', line: 0, excerpt: 'due today' }],
      total: 7,
    };
    expect(readSearchViewData(searchViewMeta(simple))).toEqual(simple);
  });

  test('a missing total counts the rows', () => {
    const meta = { [SEARCH_VIEW_META_KEY]: { vault: 'v', query: 'q', rows: [] } };
    expect(readSearchViewData(meta)?.total).toBe(0);
  });

  test('anything malformed reads as no data, never as a partial list', () => {
    const valid = { vault: 'v', query: 'q', rows: [{ path: 'a.md', excerpt: 'x' }] };
    const cases: unknown[] = [
      undefined,
      null,
      [],
      {},
      { other: valid },
      { [SEARCH_VIEW_META_KEY]: { ...valid, vault: 3 } },
      { [SEARCH_VIEW_META_KEY]: { ...valid, query: null } },
      { [SEARCH_VIEW_META_KEY]: { ...valid, rows: 'a.md' } },
      { [SEARCH_VIEW_META_KEY]: { ...valid, rows: [{ path: 'a.md' }] } },
      { [SEARCH_VIEW_META_KEY]: { ...valid, rows: [{ path: 'a.md', excerpt: 'x' }, 'b.md'] } },
    ];
    for (const meta of cases) expect(readSearchViewData(meta)).toBeNull();
    expect(readSearchViewData({ [SEARCH_VIEW_META_KEY]: valid })).not.toBeNull();
  });

  test('fields of the wrong type are dropped from a row', () => {
    const meta = {
      [SEARCH_VIEW_META_KEY]: {
        vault: 'v',
        query: 'q',
        rows: [{ path: 'a.md', excerpt: 'x', score: '0.9', heading: 4, line: '2' }],
      },
    };
    expect(readSearchViewData(meta)?.rows).toEqual([{ path: 'a.md', excerpt: 'x' }]);
  });
});
