/**
 * The errors every host raises for a path that does not exist, worded once: a hidden folder
 * must fail exactly like a missing one, so the guard and both hosts share these.
 */
import { ToolError } from '@mcp-connector/shared';

export function missingFile(path: string): ToolError {
  return new ToolError('not_found', `No file ${path}.`);
}

export function missingEntry(path: string): ToolError {
  return new ToolError('not_found', `No file or folder ${path}.`);
}
