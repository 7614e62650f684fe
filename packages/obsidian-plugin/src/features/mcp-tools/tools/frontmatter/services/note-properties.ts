/**
 * Reading a note's properties for the property tools: the path must name a Markdown note, and
 * the properties come from the same text the revision is computed from, so the value and the
 * revision a tool returns always agree (Obsidian's metadata cache may lag behind a write).
 * Frontmatter that is not a YAML mapping is `invalid_frontmatter`, with the way out: read the
 * note with get_vault_file and write it back whole, with valid YAML, with create_vault_file.
 */
import { ToolError } from '@mcp-connector/shared';
import { readFrontmatter } from '@mcp-connector/markdown/frontmatter';
import { LineTable } from '@mcp-connector/markdown/positions';
import type { VaultFile, VaultHost } from '../../../../../host/vault-host.ts';
import { readText } from '../../../services/note-access.ts';

export type Properties = Record<string, unknown>;

/** An existing Markdown note; `unsupported` for any other file (only notes have properties). */
export function requireNote(file: VaultFile): VaultFile {
  if (file.extension.toLowerCase() === 'md') return file;
  throw new ToolError(
    'unsupported',
    `${file.path} is not a Markdown note; only .md notes have properties.`,
    { path: file.path },
  );
}

export async function readProperties(
  host: VaultHost,
  file: VaultFile,
): Promise<{ properties: Properties; revision: string }> {
  const { content, revision } = await readText(host, file);
  return { properties: propertiesOf(file.path, content), revision };
}

/** The frontmatter of `text` as an object: {} when the note has none (or only comments). */
export function propertiesOf(path: string, text: string): Properties {
  const lines = new LineTable(text);
  const block = readFrontmatter(lines);
  if (block === null) return {};
  if (block.data !== null) return block.data;
  const source = text.slice(lines.starts[1] ?? text.length, lines.starts[block.closingLine]);
  if (isOnlyCommentsOrBlanks(source)) return {};
  throw invalidFrontmatter(path, 'it does not parse as a YAML mapping of keys to values');
}

/** The `invalid_frontmatter` failure every property tool reports, naming the fix. */
export function invalidFrontmatter(path: string, problem: string): ToolError {
  return new ToolError(
    'invalid_frontmatter',
    `The frontmatter of ${path} is not valid YAML, so its properties cannot be read or edited; nothing was changed. Read the note with get_vault_file, fix the YAML, and write the whole note back with create_vault_file (pass expectedRevision).`,
    { path, problem },
  );
}

function isOnlyCommentsOrBlanks(source: string): boolean {
  return source.split('\n').every((line) => /^\s*(#.*)?$/.test(line));
}
