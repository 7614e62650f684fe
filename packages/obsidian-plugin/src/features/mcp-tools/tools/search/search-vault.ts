/**
 * search_vault: a structured search. queryType "jsonlogic": `query` is a JsonLogic rule (an
 * object, or the same as JSON text) evaluated on each note as {path, content, frontmatter, tags,
 * stat}, plus `glob` and `regexp` operators; it returns the matching paths, sorted, with `total`
 * and `truncated` (limit default 200, clamped to 1000); a rule that cannot run fails with
 * `invalid_query` (`invalid_regex` / `unsupported_regex` / `regex_timeout` for a regexp). queryType "dataview": `query`
 * is DQL text, run exactly as execute_dataview_query runs it (same result, same failures).
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { runDataviewQuery } from './services/dataview-query.ts';
import { notesMatching, parseRule } from './services/json-logic-search.ts';

export const searchVault = defineTool({
  name: 'search_vault',
  title: 'Search notes',
  description:
    'Notes matching a JsonLogic rule (object or JSON) on {path,content,frontmatter,tags,stat}, +glob/regexp ops; or DQL.',
  input: () =>
    type({
      query: 'string | object',
      queryType: "'jsonlogic' | 'dataview'",
      'limit?': limitArgument,
    }),
  unfilterable: ({ queryType }) => queryType === 'dataview',
  annotations: READ_ONLY,
  long: true,
  handler: async ({ query, queryType, limit }, ctx) => {
    if (queryType === 'dataview') {
      if (typeof query !== 'string') {
        throw new ToolError(
          'invalid_arguments',
          'A dataview query is DQL text, such as "LIST FROM #project"; pass it as a string.',
        );
      }
      return { queryType, ...(await runDataviewQuery(ctx.host, { query, limit })) };
    }
    const page = takePage(await notesMatching(ctx, parseRule(query)), limit);
    return { queryType, paths: page.items, total: page.total, truncated: page.truncated };
  },
});
