/**
 * Obsidian's processFrontMatter on text: parse the frontmatter (YAML 1.2, the `yaml` library),
 * let the caller change the object, and write it back the way Obsidian does: block lists, no
 * line folding, empty values as `key:`; an emptied object removes the block, and a note without
 * frontmatter gains one. Everything after the block is kept byte for byte. YAML that does not
 * parse, or is not a mapping, throws a FrontmatterYamlError (a YAML error, as Obsidian's own
 * processFrontMatter throws) before the caller sees anything; each host words it for tools.
 */
import { parseDocument, stringify } from 'yaml';
import { readFrontmatter } from '../frontmatter.ts';
import { LineTable } from '../positions.ts';

/** The frontmatter is not YAML, or not a mapping; `message` is one line. */
export class FrontmatterYamlError extends Error {
  override readonly name = 'YAMLParseError';
}

export type FrontMatterChange = (frontmatter: Record<string, unknown>) => void;

export function editFrontMatter(text: string, change: FrontMatterChange): string {
  const { data, body } = splitFrontMatter(text);
  change(data);
  if (Object.keys(data).length === 0) return body;
  return `---\n${stringify(data, { nullStr: '', lineWidth: 0 })}---\n${body}`;
}

/** The parsed frontmatter ({} when there is none) and the text after its closing line. */
export function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const lines = new LineTable(text);
  const block = readFrontmatter(lines);
  if (block === null) return { data: {}, body: text };
  const source = text.slice(lines.starts[1], lines.starts[block.closingLine]);
  const bodyStart = lines.starts[block.closingLine + 1] ?? text.length;
  return { data: parseMapping(source), body: text.slice(bodyStart) };
}

function parseMapping(source: string): Record<string, unknown> {
  const document = parseDocument(source);
  const problem = document.errors[0];
  if (problem !== undefined) throw new FrontmatterYamlError(firstLine(problem.message));
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new FrontmatterYamlError('It is not a mapping of keys to values.');
  }
  return value as Record<string, unknown>;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
