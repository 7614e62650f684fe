/**
 * The `key` argument of every property tool: a frontmatter key, matched exactly (case kept, as
 * YAML and Obsidian's metadata cache keep it). A key that is empty, only blanks, or holds a line
 * break is refused with `invalid_arguments`: none of them is a property Obsidian can show.
 */
import { ToolError } from '@mcp-connector/shared';

export function requirePropertyKey(key: string): string {
  if (key.trim() !== '' && !/[\r\n]/.test(key)) return key;
  const message = `key must be a property name, not empty and without line breaks (was ${JSON.stringify(key)})`;
  throw new ToolError('invalid_arguments', `Invalid key: ${message}.`, {
    problems: [{ argument: 'key', message }],
  });
}
