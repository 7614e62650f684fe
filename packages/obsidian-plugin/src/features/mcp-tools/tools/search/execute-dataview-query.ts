/**
 * execute_dataview_query: runs a Dataview (DQL) query in Obsidian through the Dataview plugin and
 * returns its result as typed JSON (table, list, task or calendar; see dataview-result.ts).
 * `sourcePath`, when given, must be an existing file: the query runs as if written in it (`this`,
 * relative links). Headless, and when Dataview is missing, it fails with `dataview_not_installed`.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument } from '../../services/list-limits.ts';
import { requireFile } from '../../services/note-access.ts';
import { runDataviewQuery } from './services/dataview-query.ts';

export const executeDataviewQuery = defineTool({
  name: 'execute_dataview_query',
  title: 'Dataview query',
  description:
    'Run a Dataview DQL query (TABLE, LIST, TASK, CALENDAR) in Obsidian, as typed JSON; sourcePath: the note it runs as.',
  input: () => type({ query: 'string', 'sourcePath?': 'string', 'limit?': limitArgument }),
  unfilterable: true,
  annotations: READ_ONLY,
  handler: async ({ query, sourcePath, limit }, ctx) => {
    const source = sourcePath === undefined ? undefined : requireFile(ctx.host, sourcePath).path;
    return runDataviewQuery(ctx.host, { query, sourcePath: source, limit });
  },
});
