/**
 * query_base over small vaults. The first base is the example of help.obsidian.md/bases/syntax,
 * word for word; the notes around it were written so that each of its conditions decides a row.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { queryBase } from './query-base.ts';

let vault: TestHost;
afterEach(() => vault.close());

/** The documentation's example base (help.obsidian.md/bases/syntax, "Example"). */
const DOCUMENTED_BASE = `filters:
  or:
    - file.hasTag("tag")
    - and:
        - file.hasTag("book")
        - file.hasLink("Textbook")
    - not:
        - file.hasTag("book")
        - file.inFolder("Required Reading")
formulas:
  formatted_price: 'if(price, price.toFixed(2) + " dollars")'
  ppu: "(price / age).toFixed(2)"
properties:
  status:
    displayName: Status
  formula.formatted_price:
    displayName: "Price"
  file.ext:
    displayName: Extension
summaries:
  customAverage: 'values.mean().round(3)'
views:
  - type: table
    name: "My table"
    limit: 10
    groupBy:
      property: note.age
      direction: DESC
    filters:
      and:
        - 'status != "done"'
        - or:
            - "formula.ppu > 5"
            - "price > 2.1"
    order:
      - file.name
      - file.ext
      - note.age
      - formula.ppu
      - formula.formatted_price
    summaries:
      formula.ppu: Average
`;

const note = (properties: string, body = '') => `---\n${properties}\n---\n${body}`;

const SHOP = {
  'Shop.base': DOCUMENTED_BASE,
  'Shop/Apples.md': note('price: 3\nage: 2\nstatus: open'), // price > 2.1
  'Shop/Pears.md': note('price: 12\nage: 2\nstatus: done'), // done
  'Shop/Plums.md': note('price: 2\nage: 0.25'), // ppu 8.00 > 5
  'Shop/Figs.md': note('price: 1\nage: 1'), // neither
  'Shop/Cherries.md': note('price: 4'), // ppu fails (no age); price > 2.1
  'Books/Textbook.md': '# Textbook',
  'Books/Physics.md': note('tags: [book]\nprice: 50\nage: 5', 'Read [[Textbook]] first.'),
  'Books/Novel.md': note('tags: [book]\nprice: 9\nage: 3'), // a book without the link
  'Required Reading/Essay.md': note('tags: [tag]\nprice: 5\nage: 1'), // tagged "tag"
  'Required Reading/Memo.md': note('price: 9\nage: 1'), // in the folder, untagged
};

describe('query_base on the documented example', () => {
  test('filters, formulas, groupBy, order, limit and the summary, as the example says', async () => {
    vault = await openTestHost(SHOP);
    const result = await runOk(queryBase, vault.host, { path: 'Shop.base' });
    const row = (path: string, age: unknown, ppu: unknown, price: string) => ({
      path,
      values: {
        'file.name': path.slice(path.lastIndexOf('/') + 1),
        'file.ext': 'md',
        'note.age': age,
        'formula.ppu': ppu,
        'formula.formatted_price': price,
      },
      group: age,
    });
    expect(result).toEqual({
      path: 'Shop.base',
      view: 'My table',
      type: 'table',
      views: ['My table'],
      columns: ['file.name', 'file.ext', 'note.age', 'formula.ppu', 'formula.formatted_price'],
      displayNames: { 'file.ext': 'Extension', 'formula.formatted_price': 'Price' },
      rows: [
        row('Books/Physics.md', 5, '10.00', '50.00 dollars'),
        row('Shop/Apples.md', 2, '1.50', '3.00 dollars'),
        row('Required Reading/Essay.md', 1, '5.00', '5.00 dollars'),
        row('Shop/Plums.md', 0.25, '8.00', '2.00 dollars'),
        row('Shop/Cherries.md', null, null, '4.00 dollars'),
      ],
      total: 5,
      truncated: false,
      summaries: { 'formula.ppu': { summary: 'Average', value: 6.125 } },
      errors: [
        {
          path: 'Shop/Cherries.md',
          property: 'formula.ppu',
          message: 'cannot / a number and a null',
        },
      ],
      errorsTotal: 1,
    });
  });

  test('the view limit and the tool limit: total is what the view shows', async () => {
    vault = await openTestHost({
      ...SHOP,
      'Shop.base': DOCUMENTED_BASE.replace('limit: 10', 'limit: 3'),
    });
    const result = await runOk(queryBase, vault.host, { path: 'Shop.base', limit: 2 });
    expect(result).toMatchObject({ total: 3, truncated: true });
    expect((result.rows as { path: string }[]).map((each) => each.path)).toEqual([
      'Books/Physics.md',
      'Shop/Apples.md',
    ]);
  });
});

const BROKEN_BASE = `filters:
  and:
    - file.inFolder("Shop")
    - or:
        - price > 3
        - myPlugin(price)
formulas:
  double: price * 2
  picture: image(cover)
  twice: formula.picture + 1
views:
  - type: cards
    name: Broken
    order: [file.name, formula.double, formula.twice, formula.nothing]
    sort:
      - property: price
        direction: DESC
    summaries:
      price: Median
      formula.double: Total
`;

describe('what query_base cannot evaluate', () => {
  test('is named with its reason, and never filters a row out', async () => {
    vault = await openTestHost({ ...SHOP, 'Broken.base': BROKEN_BASE });
    const result = await runOk(queryBase, vault.host, { path: 'Broken.base' });
    expect(result.unsupported).toEqual([
      {
        expression: 'formula.picture: image(cover)',
        reason: "image() makes a value only Obsidian's view can show",
      },
      {
        expression: 'formula.twice: formula.picture + 1',
        reason:
          "formula.picture cannot be evaluated: image() makes a value only Obsidian's view can show",
      },
      {
        expression: 'myPlugin(price)',
        reason: "myPlugin() is not a Bases function this server knows (a plugin's?)",
      },
      { expression: 'formula.nothing', reason: 'no formula nothing in this base' },
      {
        expression: 'summary Total',
        reason: "no summary Total: neither a default one nor in the base's summaries",
      },
    ]);
    // price > 3 decides Pears (12) and Cherries (4); the others are kept, undecided.
    expect(result.rows).toEqual([
      {
        path: 'Shop/Pears.md',
        values: {
          'file.name': 'Pears.md',
          'formula.double': 24,
          'formula.twice': null,
          'formula.nothing': null,
        },
      },
      {
        path: 'Shop/Cherries.md',
        values: {
          'file.name': 'Cherries.md',
          'formula.double': 8,
          'formula.twice': null,
          'formula.nothing': null,
        },
      },
      {
        path: 'Shop/Apples.md',
        values: {
          'file.name': 'Apples.md',
          'formula.double': 6,
          'formula.twice': null,
          'formula.nothing': null,
        },
        undecided: true,
      },
      {
        path: 'Shop/Plums.md',
        values: {
          'file.name': 'Plums.md',
          'formula.double': 4,
          'formula.twice': null,
          'formula.nothing': null,
        },
        undecided: true,
      },
      {
        path: 'Shop/Figs.md',
        values: {
          'file.name': 'Figs.md',
          'formula.double': 2,
          'formula.twice': null,
          'formula.nothing': null,
        },
        undecided: true,
      },
    ]);
    expect(result.summaries).toEqual({ price: { summary: 'Median', value: 3 } });
  });
});

describe('views, files and failures', () => {
  const TWO_VIEWS = `views:
  - type: table
    name: Everything
  - type: list
    name: Dated
    filters: 'file.ext == "md" && file.hasProperty("due")'
    order: [file.basename, due, formula.left]
    sort:
      - column: due
        direction: ASC
formulas:
  left: (due - date("2026-01-01")) / 86400000
`;
  const FILES = {
    'Plans.base': TWO_VIEWS,
    'a.md': note('due: 2026-03-01'),
    'b.md': note('due: 2026-01-11'),
    'pic.png': 'not really a png',
  };

  test('no view named: the first; a view by name (any case); a base without filters lists every file', async () => {
    vault = await openTestHost(FILES);
    const all = await runOk(queryBase, vault.host, { path: 'Plans.base' });
    expect(all).toMatchObject({
      view: 'Everything',
      views: ['Everything', 'Dated'],
      columns: ['file.name'],
    });
    expect((all.rows as { path: string }[]).map((each) => each.path)).toEqual([
      'a.md',
      'b.md',
      'pic.png',
      'Plans.base',
    ]);
    const dated = await runOk(queryBase, vault.host, { path: 'Plans.base', view: 'dated' });
    expect(dated.rows).toEqual([
      { path: 'b.md', values: { 'file.basename': 'b', due: '2026-01-11', 'formula.left': 10 } },
      { path: 'a.md', values: { 'file.basename': 'a', due: '2026-03-01', 'formula.left': 59 } },
    ]);
  });

  test('an unknown view, a file that is not a base, a base that is not YAML fail with the next step', async () => {
    vault = await openTestHost({
      ...FILES,
      'Bad.base': 'views: [unclosed',
      'List.base': '- a\n- b\n',
    });
    const unknown = await runFail(queryBase, vault.host, { path: 'Plans.base', view: 'Nope' });
    expect(unknown).toMatchObject({ code: 'not_found' });
    expect(unknown.message).toContain('"Everything", "Dated"');
    expect(await runFail(queryBase, vault.host, { path: 'a.md' })).toMatchObject({
      code: 'unsupported',
    });
    expect(await runFail(queryBase, vault.host, { path: 'Bad.base' })).toMatchObject({
      code: 'invalid_base',
    });
    expect(await runFail(queryBase, vault.host, { path: 'List.base' })).toMatchObject({
      code: 'invalid_base',
    });
    expect(await runFail(queryBase, vault.host, { path: 'Missing.base' })).toMatchObject({
      code: 'not_found',
    });
  });
});
