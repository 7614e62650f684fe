/**
 * The errors every host raises, worded once: a path that does not exist (a hidden folder must
 * fail exactly like a missing one, so the guard and both hosts share these), and frontmatter
 * that is not valid YAML.
 */
import { ToolError } from '@mcp-connector/shared';

export function missingFile(path: string): ToolError {
  return new ToolError('not_found', `No file ${path}.`);
}

export function missingEntry(path: string): ToolError {
  return new ToolError('not_found', `No file or folder ${path}.`);
}

/**
 * The error a tool sees when processFrontMatter failed: a YAML error (Obsidian's own, or the
 * shared engine's FrontmatterYamlError) becomes `invalid_frontmatter`; anything else is kept.
 */
export function invalidFrontmatter(error: unknown): unknown {
  if (error instanceof ToolError || !isYamlError(error)) return error;
  const firstLine = error.message.split('\n')[0] ?? error.message;
  return new ToolError(
    'invalid_frontmatter',
    `The frontmatter is not valid YAML: ${firstLine} Fix it by hand (or rewrite it whole) first.`,
  );
}

function isYamlError(error: unknown): error is Error {
  return error instanceof Error && /yaml/i.test(`${error.name} ${error.message}`);
}
