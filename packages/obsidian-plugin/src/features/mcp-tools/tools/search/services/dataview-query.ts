/**
 * Running a Dataview (DQL) query through the host, shared by execute_dataview_query and
 * search_vault's "dataview" mode. Dataview missing or disabled (always, headless) fails with
 * `dataview_not_installed`; still indexing with `dataview_not_ready`; a query Dataview rejects
 * or that throws with `dataview_query_failed`, carrying Dataview's own message.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { dataviewResultJson } from './dataview-result.ts';

export interface DataviewRun {
  query: string;
  /** The note the query runs from (`this`, relative links); already validated. */
  sourcePath?: string | undefined;
  limit?: number | undefined;
}

export async function runDataviewQuery(
  host: VaultHost,
  run: DataviewRun,
): Promise<Record<string, unknown>> {
  const access = host.dataview();
  if (access.status === 'not_installed') {
    throw new ToolError(
      'dataview_not_installed',
      host.kind === 'headless'
        ? 'Dataview queries need Obsidian with the Dataview plugin; this headless server has none. Use search_vault with queryType "jsonlogic" instead.'
        : 'The Dataview plugin is not installed or not enabled. Install and enable Dataview in Obsidian (Settings > Community plugins), or use search_vault with queryType "jsonlogic".',
    );
  }
  if (access.status === 'not_ready') {
    throw new ToolError(
      'dataview_not_ready',
      'Dataview is still indexing the vault; retry in a few seconds.',
    );
  }
  let answer;
  try {
    answer = await access.query(run.query, run.sourcePath);
  } catch (error) {
    throw queryFailed(error instanceof Error ? error.message : String(error));
  }
  if (!answer.successful) throw queryFailed(answer.error);
  return dataviewResultJson(answer.value, run.limit);
}

function queryFailed(dataviewMessage: string): ToolError {
  return new ToolError(
    'dataview_query_failed',
    `Dataview could not run the query: ${dataviewMessage.trim().replace(/\.$/, '')}. Fix the DQL (e.g. TABLE file.mtime FROM "Folder" WHERE ...) and retry.`,
    { error: dataviewMessage },
  );
}
