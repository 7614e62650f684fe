/**
 * query_base: the rows of a view of an Obsidian base (a `.base` file, core plugin since 1.9),
 * evaluated here over the vault, headless as in Obsidian: each row is a file with the properties
 * and formulas the view shows, filtered, sorted, grouped and limited as the view says, with the
 * view's summaries. The filter and formula language is Obsidian's documented one (docs/features/
 * bases.md says what is covered); what this server cannot evaluate is listed in `unsupported`
 * with the reason, never guessed, and never filters a row out (rows it leaves undecided say so).
 * Cost: every file of the vault is a candidate, each filter evaluated once per file.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireFile } from '../../services/note-access.ts';
import { readBaseConfig, type BaseConfig, type ViewConfig } from './services/base-config.ts';
import { runView } from './services/run-view.ts';

/** The view a base without views shows: a table of every file's name. */
const DEFAULT_VIEW: ViewConfig = {
  type: 'table',
  name: null,
  filters: null,
  order: [],
  sort: [],
  groupBy: null,
  limit: null,
  summaries: {},
};

export const queryBase = defineTool({
  name: 'query_base',
  title: 'Query a base',
  description:
    "Rows of a .base file's view (first, or by name): each file's path and the properties it shows, filtered, sorted; names what it cannot evaluate.",
  input: () => type({ path: 'string', 'view?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  long: true,
  handler: async ({ path, view: viewName, limit }, ctx) => {
    const file = requireFile(ctx.host, path);
    if (file.extension !== 'base') {
      throw new ToolError(
        'unsupported',
        `${file.path} is not a base (.base file); list_vault_files shows the vault's bases.`,
        { path: file.path },
      );
    }
    const config = readBaseConfig(file.path, await ctx.host.read(file.path));
    const view = chooseView(config, viewName, file.path);
    const answer = await runView(ctx, file, config, view);
    const page = takePage(answer.rows, limit);
    const displayNames = Object.fromEntries(
      answer.columns.flatMap((id) =>
        Object.hasOwn(config.displayNames, id) ? [[id, config.displayNames[id]]] : [],
      ),
    );
    return {
      path: file.path,
      view: view.name,
      type: view.type,
      views: config.views.map((each) => each.name),
      columns: answer.columns,
      ...(Object.keys(displayNames).length > 0 ? { displayNames } : {}),
      rows: page.items,
      total: page.total,
      truncated: page.truncated,
      ...(Object.keys(answer.summaries).length > 0 ? { summaries: answer.summaries } : {}),
      ...(answer.unsupported.length > 0 ? { unsupported: answer.unsupported } : {}),
      ...(answer.errorsTotal > 0 ? { errors: answer.errors, errorsTotal: answer.errorsTotal } : {}),
    };
  },
});

function chooseView(config: BaseConfig, name: string | undefined, path: string): ViewConfig {
  const first = config.views[0];
  if (name === undefined) return first ?? DEFAULT_VIEW;
  const found =
    config.views.find((view) => view.name === name) ??
    config.views.find((view) => view.name?.toLowerCase() === name.toLowerCase());
  if (found !== undefined) return found;
  const names = config.views.map((view) => JSON.stringify(view.name)).join(', ');
  throw new ToolError(
    'not_found',
    `${path} has no view "${name}"; its views: ${names || 'none'}. Leave view out for the first.`,
    { path, view: name },
  );
}
