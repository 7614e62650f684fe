/**
 * The Recent AI changes harness's bridge between the page and the real RecentChangesService in
 * the test process: the names of its two ends, and the actions it carries. Browser-safe.
 */
import type { BridgeNames } from '../../settings-ui/test-support/remote-api.ts';
import type { RecentChangesApi } from '../services/recent-changes-api.ts';

export const CHANGES_BRIDGE: BridgeNames = { call: 'mcpChangesCall', push: 'mcpChangesPush' };

export const CHANGES_ACTIONS = ['undo', 'redo'] as const satisfies readonly Exclude<
  keyof RecentChangesApi,
  'view' | 'subscribe'
>[];
