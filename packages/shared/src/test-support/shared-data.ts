/**
 * Where the read-only test data beside the repository lives (../shared, or MCP_CONNECTOR_SHARED):
 * the tasks-demo vault and the metadata captured from real Obsidian. Tests copy before writing.
 */
import { join } from 'node:path';

export const SHARED =
  process.env.MCP_CONNECTOR_SHARED ?? join(import.meta.dir, '..', '..', '..', '..', '..', 'shared');
export const TASKS_DEMO = join(SHARED, 'vaults', 'tasks-demo');
export const CAPTURED_FIXTURES = join(SHARED, 'fixtures', 'obsidian-captured');
