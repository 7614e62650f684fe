/**
 * A whole YAML document read with the `yaml` library (YAML 1.2 core schema, as Obsidian reads
 * frontmatter): for files that are YAML through and through, such as Obsidian's `.base` files.
 * Never throws: a document that does not parse gives the parser's message.
 */
import { parse } from 'yaml';

export type YamlText = { ok: true; value: unknown } | { ok: false; error: string };

export function parseYamlText(source: string): YamlText {
  try {
    return { ok: true, value: parse(source, { logLevel: 'error' }) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
