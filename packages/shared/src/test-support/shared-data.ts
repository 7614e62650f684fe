/**
 * Where test data lives. The repository's own test vault (test-data/vault, written by us) is
 * always there. The material beside the repository (../shared, or MCP_CONNECTOR_SHARED) may not
 * be: the tasks-demo vault and the metadata captured from real Obsidian, read-only oracles that
 * tests reach through `describeWithSharedData` (shared-data-suite.ts). Tests copy before writing.
 */
import { join } from 'node:path';

const REPOSITORY = join(import.meta.dir, '..', '..', '..', '..');

/** The repository's test vault; copy it (copyVault) before writing to it. */
export const TEST_VAULT = join(REPOSITORY, 'test-data', 'vault');

export const SHARED = process.env.MCP_CONNECTOR_SHARED ?? join(REPOSITORY, '..', 'shared');
export const TASKS_DEMO = join(SHARED, 'vaults', 'tasks-demo');
export const CAPTURED_FIXTURES = join(SHARED, 'fixtures', 'obsidian-captured');
