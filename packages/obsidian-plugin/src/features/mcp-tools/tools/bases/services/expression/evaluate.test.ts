/**
 * The language against the examples of Obsidian's own documentation (help.obsidian.md/bases/
 * functions and /bases/syntax, read from the obsidian-help vault's en/Bases/*.md): each example
 * with the answer the documentation gives for it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../../../host/test-support/test-host.ts';
import type { VaultFile } from '../../../../../../host/vault-host.ts';
import { BaseVault } from '../base-vault.ts';
import { checkExpression } from './check.ts';
import { Evaluator } from './evaluate.ts';
import { EvaluationError, type Scope } from './runtime.ts';
import { toJson } from './values.ts';

let vault: TestHost;
let evaluator: Evaluator;
let scope: Scope;
const NOW = new Date(2025, 4, 27, 15, 30, 45).getTime();

beforeAll(async () => {
  vault = await openTestHost({
    'Note.md': '---\nprice: 3\ntags: [a]\n---\nSee [[Other]].\n',
    'Other.md': '',
  });
  evaluator = new Evaluator(await BaseVault.open(vault.host, NOW));
  const file = vault.host.getFile('Note.md') as VaultFile;
  scope = { file, self: file, formula: () => null, local: () => undefined };
});
afterAll(() => vault.close());

function run(source: string): unknown {
  const checked = checkExpression(source, () => 'missing');
  if (!checked.ok) throw new Error(`${source}: ${checked.reason}`);
  return toJson(evaluator.evaluate(checked.node, scope));
}

const DOCUMENTED: [string, unknown][] = [
  // Any type
  ['1.isTruthy()', true],
  ['"example".isType("string")', true],
  ['true.isType("boolean")', true],
  ['123.toString()', '123'],
  // String type
  ['"hello".length', 5],
  ['"hello".contains("ell")', true],
  ['"hello".containsAll("h", "e")', true],
  ['"hello".containsAny("x", "y", "e")', true],
  ['"hello".endsWith("lo")', true],
  ['"Hello world".isEmpty()', false],
  ['"".isEmpty()', true],
  ['"a:b:c:d".replace(/:/, "-")', 'a-b:c:d'],
  ['"a:b:c:d".replace(/:/g, "-")', 'a-b-c-d'],
  ['"John Smith".replace(/(\\w+) (\\w+)/, "$2, $1")', 'Smith, John'],
  ['"123".repeat(2)', '123123'],
  ['"hello".reverse()', 'olleh'],
  ['"hello".slice(1, 4)', 'ell'],
  ['"a,b,c,d".split(",", 3)', ['a', 'b', 'c']],
  ['"a,b,c,d".split(/,/, 3)', ['a', 'b', 'c']],
  ['"hello".startsWith("he")', true],
  ['"hello world".title()', 'Hello World'],
  ['"  hi  ".trim()', 'hi'],
  // Number type
  ['(-5).abs()', 5],
  ['(2.1).ceil()', 3],
  ['(2.9).floor()', 2],
  ['5.isEmpty()', false],
  ['(2.5).round()', 3],
  ['(2.3333).round(2)', 2.33],
  ['(3.14159).toFixed(2)', '3.14'],
  // List type
  ['[1,2,3].contains(2)', true],
  ['[1,2,3].containsAll(2,3)', true],
  ['[1,2,3].containsAny(3,4)', true],
  ['[1,2,3,4].filter(value > 2)', [3, 4]],
  ['[1,[2,3]].flat()', [1, 2, 3]],
  ['[1,2,3].isEmpty()', false],
  ['[1,2,3].join(",")', '1,2,3'],
  ['[1,2,3,4].map(value + 1)', [2, 3, 4, 5]],
  ['[1,2,3].reduce(acc + value, 0)', 6],
  [
    '[4,9,2].filter(value.isType("number")).reduce(if(acc == null || value > acc, value, acc), null)',
    9,
  ],
  ['[1,2,3].reverse()', [3, 2, 1]],
  ['[1,2,3,4].slice(1,3)', [2, 3]],
  ['[3, 1, 2].sort()', [1, 2, 3]],
  ['["c", "a", "b"].sort()', ['a', 'b', 'c']],
  ['[1,2,2,3].unique()', [1, 2, 3]],
  // Object and regular expression types
  ['{}.isEmpty()', true],
  ['{"a": 1, "b": 2}.keys()', ['a', 'b']],
  ['{"a": 1, "b": 2}.values()', [1, 2]],
  ['/abc/.matches("abcde")', true],
  // Global functions
  ['if(false, "Modified", "Unmodified")', 'Unmodified'],
  ['if(false, "x")', null],
  ['list("value")', ['value']],
  ['max(1, 7, 3)', 7],
  ['min(1, 7, 3)', 1],
  ['number("3.4")', 3.4],
  ['number(true)', 1],
  ['escapeHTML("<b>&</b>")', '&lt;b&gt;&amp;&lt;/b&gt;'],
  // Dates (syntax: "Date arithmetic"; functions: "Date type")
  ['date("2024-12-01") + "1M" + "4h" + "3m"', '2025-01-01T04:03:00'],
  ['(now() + "1d") - now()', 86_400_000],
  ['now().date().format("YYYY-MM-DD HH:mm:ss")', '2025-05-27 00:00:00'],
  ['date("2025-05-27").format("YYYY-MM-DD")', '2025-05-27'],
  ['now().time()', '15:30:45'],
  ['now().hour', 15],
  ['date("2025-05-27").month', 5],
  ['date("2025-05-27").isEmpty()', false],
  ['today() + "7d"', '2025-06-03'],
  ['now() + (duration("1d") * 2) > now() + "1d"', true],
  ['date("2025-01-01 12:00:00") == date("2025-01-01T12:00:00")', true],
  // Properties of the note the expression is evaluated for
  ['price * 2', 6],
  ['note["price"] + 1', 4],
  ['file.name', 'Note.md'],
  ['file.basename', 'Note'],
  ['file.ext', 'md'],
  ['file.folder', '/'],
  ['file.hasTag("a")', true],
  ['file.hasLink("Other")', true],
  ['file.hasLink(link("[[Other]]"))', true],
  ['file.hasProperty("price")', true],
  ['missing.isEmpty()', true],
  ['file.links', ['[[Other]]']],
  ['link("Other").asFile().path', 'Other.md'],
];

describe('the documented examples', () => {
  test.each(DOCUMENTED)('%s', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });
});

describe('failures', () => {
  test('a function of another type, or a wrong argument, fails for the row', () => {
    for (const source of ['"abc".round()', 'number("x")', '"a".toFixed(2)', '1 + [2]'])
      expect(() => run(source)).toThrow(EvaluationError);
  });

  test('what cannot be evaluated here is named before anything runs', () => {
    const reasons = [
      'html("<b>")',
      'myPlugin(1)',
      'price.upper()',
      'a b',
      '/(?=x)/.matches("x")',
    ].map((source) => {
      const checked = checkExpression(source, () => 'missing');
      return checked.ok ? 'ok' : checked.reason;
    });
    expect(reasons[0]).toContain("only Obsidian's view");
    expect(reasons[1]).toContain('myPlugin() is not a Bases function');
    expect(reasons[2]).toContain('upper()');
    expect(reasons[3]).toContain('does not parse here');
    expect(reasons[4]).toContain('lookahead');
  });
});
