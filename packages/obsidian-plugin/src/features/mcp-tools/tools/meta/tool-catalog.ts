import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';

export const toolCatalog = defineTool({
  name: 'tool_catalog',
  title: 'Tool catalog',
  description: 'Tools this client may use: status (active, inactive, promoted), calls, purpose.',
  input: () => type({}),
  annotations: READ_ONLY,
  indexFree: true,
  handler: async (_args, ctx) => {
    const tools = ctx.services.toolPolicy.catalog();
    return { tools, hint: 'Call activate_tool (or activate_tools) to use an inactive tool.' };
  },
});
