import { describe, expect, test } from 'bun:test';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { tomlKey, tomlString, yamlString } from './text-formats.ts';

const NASTY = [
  'plain',
  'with "quotes" and \\backslashes\\',
  'colon: and # hash',
  'line\nbreak\ttab',
  'Café — 日本語 🌿',
  'del\u007fand\u2028separators\u2029',
  '- leading dash',
  "'single'",
];

describe('hand-written YAML and TOML scalars parse back to the same string', () => {
  test.each(NASTY)('%j', (value) => {
    expect(parseYaml(`key: ${yamlString(value)}\n`)).toEqual({ key: value });
    expect(parseToml(`key = ${tomlString(value)}\n`)).toEqual({ key: value });
    expect(parseToml(`[table.${tomlKey(value)}]\nx = 1\n`)).toEqual({
      table: { [value]: { x: 1 } },
    });
  });
});
