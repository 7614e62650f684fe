import { type } from 'arktype';
import { IDEMPOTENT_WRITE, defineTool } from '../../define-tool.ts';

export const activateTool = defineTool({
  name: 'activate_tool',
  title: 'Activate tool',
  description: 'Make an inactive tool callable for this client; persist keeps it after restarts.',
  input: () => type({ name: 'string', 'persist?': 'boolean' }),
  annotations: IDEMPOTENT_WRITE,
  // Changes this caller's tool list, not the vault.
  journal: 'surface',
  indexFree: true,
  handler: async ({ name, persist }, ctx) => ({
    ...(await ctx.services.toolPolicy.activate([name], persist ?? false)),
  }),
});

export const activateTools = defineTool({
  name: 'activate_tools',
  title: 'Activate tools',
  description: 'activate_tool for several tools at once.',
  input: () => type({ names: 'string[]', 'persist?': 'boolean' }),
  annotations: IDEMPOTENT_WRITE,
  journal: 'surface',
  indexFree: true,
  handler: async ({ names, persist }, ctx) => ({
    ...(await ctx.services.toolPolicy.activate(names, persist ?? false)),
  }),
});
